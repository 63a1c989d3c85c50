import { maskApiKey } from '../../../contract/api-key';
import { openKeyDialog, useApiKey } from '../../lib/api-key/key-store';
import { formatDate, formatDateTime } from '../../lib/format';

/** Opens the key dialog; shows which key is in use, masked, and until when it works (demo keys). */
export function KeyButton() {
  const stored = useApiKey();
  return (
    <button
      type="button"
      className="button button--small"
      onClick={openKeyDialog}
      aria-haspopup="dialog"
      title={stored?.expiresAt ? `Demo key, expires ${formatDateTime(stored.expiresAt)}` : undefined}
    >
      {stored ? (
        <>
          Key <code>{maskApiKey(stored.key)}</code>
          {stored.expiresAt ? (
            <span className="key-button__expiry"> until {formatDate(stored.expiresAt)}</span>
          ) : null}
        </>
      ) : (
        'Add API key'
      )}
    </button>
  );
}
