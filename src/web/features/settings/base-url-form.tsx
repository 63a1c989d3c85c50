import { type FormEvent, useId, useState } from 'react';
import { BaseUrlSchema, setBaseUrl, useBaseUrl } from '../../lib/settings/base-url-store';

/** Settings: the API base URL (empty = this site, the bundled server), zod-checked before use. */
export function BaseUrlForm() {
  const current = useBaseUrl();
  const [value, setValue] = useState(current);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const id = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = BaseUrlSchema.safeParse(value);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Not an address.');
      return;
    }
    setProblem(null);
    setBaseUrl(parsed.data);
    setValue(parsed.data);
    setSaved(true);
  };

  return (
    <section className="panel" aria-labelledby="base-url-title">
      <h2 id="base-url-title">Server</h2>
      <form className="key-dialog__form" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={id}>
            API base URL
          </label>
          <input
            id={id}
            className="input input--mono"
            type="url"
            inputMode="url"
            placeholder={globalThis.location?.origin}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setSaved(false);
            }}
            aria-invalid={problem !== null}
            aria-describedby={problem ? errorId : undefined}
          />
          {problem ? (
            <p id={errorId} className="field__error" role="alert">
              {problem}
            </p>
          ) : (
            <p className="field__help">
              Leave empty for this site. Another server must serve the same API and allow this origin (CORS).
            </p>
          )}
        </div>
        <div className="button-row">
          <button type="submit" className="button">
            Use this server
          </button>
          <span role="status">{saved ? 'Saved.' : ''}</span>
        </div>
      </form>
    </section>
  );
}
