import { maskApiKey } from '../../../contract/api-key';
import { openKeyDialog, useApiKey } from '../../lib/api-key/key-store';

/** Opens the key dialog; shows which key is in use, masked. */
export function KeyButton() {
  const stored = useApiKey();
  return (
    <button type="button" className="button button--small" onClick={openKeyDialog} aria-haspopup="dialog">
      {stored ? (
        <>
          Key <code>{maskApiKey(stored.key)}</code>
        </>
      ) : (
        'Add API key'
      )}
    </button>
  );
}
