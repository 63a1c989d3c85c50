import { maskApiKey } from '../../../contract/api-key';
import { clearApiKey, openKeyDialog, useApiKey } from '../../lib/api-key/key-store';

/** Settings: which key is in use (masked), where it is kept, change or forget it. */
export function KeySettings() {
  const stored = useApiKey();
  return (
    <section className="panel" aria-labelledby="key-settings-title">
      <h2 id="key-settings-title">API key</h2>
      {stored ? (
        <p>
          Using <code>{maskApiKey(stored.key)}</code>, kept{' '}
          {stored.remembered ? 'on this device (localStorage)' : 'for this tab only (sessionStorage)'}.
        </p>
      ) : (
        <p>No key yet. Data pages need one; the service status and this reference do not.</p>
      )}
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={openKeyDialog}>
          {stored ? 'Change key' : 'Enter an API key'}
        </button>
        {stored ? (
          <button type="button" className="button button--danger" onClick={clearApiKey}>
            Forget key
          </button>
        ) : null}
      </div>
    </section>
  );
}
