import { GetAKey } from '../../components/get-a-key';
import { KeyFacts } from '../../components/key-facts';
import { clearApiKey, openKeyDialog, useApiKey } from '../../lib/api-key/key-store';

/**
 * Settings: which key is in use (masked, where kept, tier, expiry), change or forget it, get one.
 * The key facts and "Get a key" come with this page's chunk, not through lazy-parts.tsx: loaded
 * after the page had painted, they pushed the rest of it down (CLS 0.19 on a phone).
 */
export function KeySettings() {
  const stored = useApiKey();
  return (
    <section className="panel" aria-labelledby="key-settings-title">
      <h2 id="key-settings-title">API key</h2>
      {stored ? (
        <KeyFacts stored={stored} />
      ) : (
        <p>No key yet. Data pages need one; the service status and the API docs do not.</p>
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
      <GetAKey />
    </section>
  );
}
