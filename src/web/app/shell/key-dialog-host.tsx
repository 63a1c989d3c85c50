import { Suspense, useState } from 'react';
import { useKeyDialogOpen } from '../../lib/api-key/key-store';
import { retryableLazy } from '../../lib/retryable-lazy';

const KeyDialog = retryableLazy(() =>
  import('../../features/api-key/key-dialog').then((m) => ({ default: m.KeyDialog })),
);

/**
 * Mounts the key dialog the first time anything opens it (openKeyDialog), so its code is not part
 * of the first paint; once loaded it stays mounted and opens instantly.
 */
export function KeyDialogHost() {
  const open = useKeyDialogOpen();
  const [needed, setNeeded] = useState(open);
  if (open && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <KeyDialog />
    </Suspense>
  );
}
