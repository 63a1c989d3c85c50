import { type FormEvent, useId, useState } from 'react';
import { API_KEY_PREFIX, isWellFormedApiKey } from '../../../contract/api-key';
import type { StoredKey } from '../../lib/api-key/key-storage';

/**
 * The key field (accessible name "API key") and "Remember on this device". The format is checked
 * here, before anything is sent: a malformed key never reaches the network.
 */
export const KEY_FORMAT_HINT = `An API key is ${API_KEY_PREFIX} followed by 48 lowercase hexadecimal characters (0-9, a-f).`;

export interface KeyFormProps {
  initial: StoredKey | null;
  onSave: (stored: StoredKey) => void;
  children?: React.ReactNode;
}

export function KeyForm({ initial, onSave, children }: KeyFormProps) {
  const [value, setValue] = useState(initial?.key ?? '');
  const [remember, setRemember] = useState(initial?.remembered ?? false);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const helpId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const key = value.trim();
    if (!isWellFormedApiKey(key)) {
      setProblem(
        key === '' ? `Enter a key. ${KEY_FORMAT_HINT}` : `This is not a well-formed key. ${KEY_FORMAT_HINT}`,
      );
      return;
    }
    setProblem(null);
    onSave({ key, remembered: remember });
  };

  return (
    <form className="key-dialog__form" onSubmit={submit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          API key
        </label>
        <input
          id={inputId}
          className="input input--mono"
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder={`${API_KEY_PREFIX}…`}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${errorId} ${helpId}` : helpId}
        />
        {problem ? (
          <p id={errorId} className="field__error" role="alert">
            {problem}
          </p>
        ) : null}
        <p id={helpId} className="field__help">
          Sent only in the x-api-key header of API calls. Kept in this browser while a tab of this site is
          open (sessionStorage, shared between tabs), or after restarts too if you tick the box
          (localStorage).
        </p>
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
        Remember on this device
      </label>
      <div className="button-row">
        <button type="submit" className="button button--primary">
          Save key
        </button>
        {children}
      </div>
    </form>
  );
}
