import { GradeField } from '../../components/card-search/grade-field';
import { CardQueryField, SearchField } from '../../components/card-search/search-field';
import { QueryChanges, useCollectorDraft } from '../../components/card-search/use-collector-draft';
import type { ValueAnswer, ValueField, ValueSearch } from './value-search';

type ValueFormProps = {
  /** The URL's values (useUrlState's view): when they change, the draft takes them again. */
  initial: ValueSearch;
  hints: Partial<Record<ValueField, string>>;
  onSubmit: (search: ValueSearch) => void;
};

const ANSWERS: ReadonlyArray<{ answer: ValueAnswer; label: string }> = [
  { answer: 'enriched', label: 'Enriched (/v3/value): buy score and signals' },
  { answer: 'plain', label: 'Plain (/v1/value)' },
];

/** The card value lookup's inputs. The page owns the state in the URL; this holds the draft. */
export function ValueForm({ initial, hints, onSubmit }: ValueFormProps) {
  const { draft, setDraft, set, submit, changes } = useCollectorDraft(initial, onSubmit);
  return (
    <form className="search-form" onSubmit={submit} aria-label="Card value search" noValidate>
      <CardQueryField value={draft.q} onChange={set('q')} hint={hints.q} />
      <GradeField value={draft.grade} onChange={set('grade')} hint={hints.grade} />
      <SearchField
        label="Lowest price (USD)"
        name="min_price"
        value={draft.min_price}
        onChange={set('min_price')}
        hint={hints.min_price}
        help="Optional"
        inputMode="decimal"
      />
      <SearchField
        label="Highest price (USD)"
        name="max_price"
        value={draft.max_price}
        onChange={set('max_price')}
        hint={hints.max_price}
        help="Optional"
        inputMode="decimal"
      />
      <fieldset className="fieldset search-form__answer">
        <legend>Answer</legend>
        {ANSWERS.map(({ answer, label }) => (
          <label key={answer} className="field--inline">
            <input
              type="radio"
              name="answer"
              value={answer}
              checked={draft.answer === answer}
              onChange={() => setDraft((current) => ({ ...current, answer }))}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button button--primary">
        Look up the value
      </button>
      <QueryChanges changes={changes} />
    </form>
  );
}
