import { lazy, Suspense } from 'react';
import type { TryItNowButtonProps } from './try-it-now';

const TryItNowButton = lazy(() => import('./try-it-now').then((m) => ({ default: m.TryItNowButton })));

/**
 * "Try it now" for panels of the first-paint bundle (no key yet, key refused): the button and its
 * minting code load on demand, so a visitor who has a key never downloads them.
 */
export function LazyTryItNowButton(props: TryItNowButtonProps) {
  return (
    <Suspense fallback={null}>
      <TryItNowButton {...props} />
    </Suspense>
  );
}
