import { type InputHTMLAttributes, useId } from 'react';
import { exactTitleOf } from '../../../contract/card-query';

export type SearchFieldProps = {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** The contract's hint when the value was refused; shown under the field and announced. */
  hint?: string | undefined;
  /** What the field takes, shown while there is no hint. */
  help?: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'inputMode' | 'placeholder' | 'onBlur' | 'autoComplete'>;

/** A labelled text input of a search form, with its help text or the refusal hint. */
export function SearchField({ label, name, value, onChange, hint, help, ...input }: SearchFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = hint ?? help;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={hint ? true : undefined}
        aria-describedby={note ? noteId : undefined}
        {...input}
      />
      {note && (
        <p
          id={noteId}
          className={hint ? 'field__error' : 'field__help'}
          data-testid={hint ? `hint-${name}` : undefined}
        >
          {note}
        </p>
      )}
    </div>
  );
}

const WORDS_HELP = 'Words of the card title, any order: charizard base set';
const EXACT_HELP =
  'An exact title in double quotes: this card only. Without the quotes, every card with these words.';

/**
 * The card query `q` of both card pages: words of the title, any order, or an exact title in double
 * quotes (the quotes are part of q; the help says what they do).
 */
export function CardQueryField(props: Pick<SearchFieldProps, 'value' | 'onChange' | 'hint'>) {
  return (
    <SearchField
      label="Card"
      name="q"
      help={exactTitleOf(props.value) === null ? WORDS_HELP : EXACT_HELP}
      autoComplete="off"
      {...props}
    />
  );
}
