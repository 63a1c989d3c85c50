import { Suspense } from 'react';
import type { StoredKey } from '../lib/api-key/key-storage';
import { retryableLazy } from '../lib/retryable-lazy';
import type { TryItNowButtonProps } from './demo-key/try-it-now';

/**
 * Parts shared by several pages and the key dialog, loaded on demand. Every user imports them from
 * here, never the modules themselves, and this module is part of the first-paint bundle (QueryState
 * imports it): a module shared by two lazy chunks otherwise becomes a chunk of its own that imports
 * first-paint modules, and the bundler then splits those out of the entry into extra chunks, which
 * measured +2.7 kB gzip of first-paint JavaScript (react-router, React and the API layer each in a
 * chunk of their own). Loaded through here, each part is its own lazy chunk and the entry stays whole.
 */
const TryItNow = retryableLazy(() =>
  import('./demo-key/try-it-now').then((m) => ({ default: m.TryItNowButton })),
);
const GetAKeyPart = retryableLazy(() => import('./get-a-key').then((m) => ({ default: m.GetAKey })));
const KeyFactsPart = retryableLazy(() => import('./key-facts').then((m) => ({ default: m.KeyFacts })));

/** "Try it now": mints a personal demo key (components/demo-key/try-it-now.tsx). */
export function LazyTryItNowButton(props: TryItNowButtonProps) {
  return (
    <Suspense fallback={null}>
      <TryItNow {...props} />
    </Suspense>
  );
}

/** "Get a key": tiers and quotas from GET /v1 (components/get-a-key.tsx). */
export function LazyGetAKey(props: { open?: boolean }) {
  return (
    <Suspense fallback={null}>
      <GetAKeyPart {...props} />
    </Suspense>
  );
}

/** The key in use: masked, where kept, tier, quota, expiry (components/key-facts.tsx). */
export function LazyKeyFacts(props: { stored: StoredKey }) {
  return (
    <Suspense fallback={null}>
      <KeyFactsPart {...props} />
    </Suspense>
  );
}
