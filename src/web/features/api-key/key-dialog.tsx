import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { BILLING_SPENDS } from '../../../contract/billing';
import { LazyGetAKey, LazyKeyFacts, LazyTryItNowButton } from '../../components/lazy-parts';
import type { StoredKey } from '../../lib/api-key/key-storage';
import {
  clearApiKey,
  closeKeyDialog,
  setApiKey,
  useApiKey,
  useKeyDialogOpen,
} from '../../lib/api-key/key-store';
import { KeyForm } from './key-form';

/**
 * The modal key dialog (native <dialog>: focus is trapped, Escape closes). Mounted once by the
 * shell; anything opens it with openKeyDialog(). Saving a key retries the calls that failed.
 */
export function KeyDialog() {
  const open = useKeyDialogOpen();
  const stored = useApiKey();
  const queryClient = useQueryClient();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal?.();
      // The key field first, not the key facts' buttons above it.
      dialog.querySelector<HTMLInputElement>('input[type="password"]')?.focus();
    }
    if (!open && dialog.open) dialog.close?.();
  }, [open]);

  const save = (next: StoredKey) => {
    // Saving the same key again (to remember it on this device) keeps its expiry.
    setApiKey(next.key === stored?.key && stored.expiresAt ? { ...next, expiresAt: stored.expiresAt } : next);
    closeKeyDialog();
    void queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error' });
  };

  const forget = () => {
    clearApiKey();
    closeKeyDialog();
  };

  return (
    <dialog ref={dialogRef} className="key-dialog" aria-labelledby={titleId} onClose={closeKeyDialog}>
      <h2 id={titleId}>Your API key</h2>
      <p className="field__help">{BILLING_SPENDS} Answers are cached for the day.</p>
      {stored ? <LazyKeyFacts stored={stored} /> : null}
      {open ? (
        <KeyForm initial={stored} onSave={save}>
          {stored ? null : <LazyTryItNowButton label="Try it now: demo key" onMinted={closeKeyDialog} />}
          {stored ? (
            <button type="button" className="button button--danger" onClick={forget}>
              Forget key
            </button>
          ) : null}
          <button type="button" className="button" onClick={closeKeyDialog}>
            Cancel
          </button>
        </KeyForm>
      ) : null}
      {open ? <LazyGetAKey /> : null}
    </dialog>
  );
}
