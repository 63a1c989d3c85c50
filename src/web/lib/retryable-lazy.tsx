import { type ComponentProps, type ComponentType, lazy } from 'react';

/**
 * React.lazy whose failed load can be tried again. React.lazy remembers a rejected import for good,
 * so a chunk that failed once (the server was down, the connection dropped, a deploy replaced the
 * files: "Failed to fetch dynamically imported module", "Unable to preload CSS") failed again on
 * every retry until a full reload. A failed part registers itself; `retryFailedParts()` gives each
 * a fresh lazy component, which imports again when it next renders (PageErrorBoundary's "Try again").
 */
const failed = new Set<() => void>();

// biome-ignore lint/suspicious/noExplicitAny: the same constraint as React.lazy's own signature
export function retryableLazy<C extends ComponentType<any>>(
  load: () => Promise<{ default: C }>,
): ComponentType<ComponentProps<C>> {
  const fresh = () =>
    lazy(() =>
      load().catch((error: unknown) => {
        failed.add(renew);
        throw error;
      }),
    );
  let current = fresh();
  function renew() {
    current = fresh();
  }
  // biome-ignore lint/correctness/noComponentHookFactories: called once per part at module level, like React.lazy
  function Retryable(props: ComponentProps<C>) {
    const Current = current;
    return <Current {...props} />;
  }
  return Retryable;
}

/** Renews every part whose load failed; returns how many there were. */
export function retryFailedParts(): number {
  const count = failed.size;
  for (const renew of failed) renew();
  failed.clear();
  return count;
}

/** A failed import of a chunk (or of its CSS), as Chromium, Firefox, Safari and Vite word it. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Unable to preload CSS|Importing a module script failed|error loading dynamically imported module|Failed to fetch/i.test(
    message,
  );
}
