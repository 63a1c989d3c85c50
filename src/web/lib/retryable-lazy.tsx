import { type ComponentProps, type ComponentType, lazy } from 'react';

/**
 * React.lazy whose failed load can be tried again, and which can be loaded ahead of its first render.
 *
 * React.lazy remembers a rejected import for good, so a chunk that failed once (the server was down,
 * the connection dropped, a deploy replaced the files: "Failed to fetch dynamically imported module",
 * "Unable to preload CSS") failed again on every retry until a full reload. A failed part registers
 * itself; `retryFailedParts()` gives each a fresh lazy component, which imports again when it next
 * renders (PageErrorBoundary's "Try again").
 *
 * React.lazy also suspends on its first render even when the module is already loaded (its import
 * settles a microtask later): the boundary commits its fallback, then the part in a second commit
 * that React holds back to 300 ms after the fallback. Once a load has finished (`preload()`, or the
 * lazy component's own), the part renders the loaded component directly, in the render that meets it.
 */
const failed = new Set<() => void>();

// biome-ignore lint/suspicious/noExplicitAny: the same constraint as React.lazy's own signature
export type RetryableLazy<C extends ComponentType<any>> = ComponentType<ComponentProps<C>> & {
  /** Loads the part now; settles when it is loaded or has failed (never rejects). */
  preload: () => Promise<void>;
};

// biome-ignore lint/suspicious/noExplicitAny: the same constraint as React.lazy's own signature
export function retryableLazy<C extends ComponentType<any>>(
  load: () => Promise<{ default: C }>,
): RetryableLazy<C> {
  let loaded: C | undefined;
  const loadOnce = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const fresh = () =>
    lazy(() =>
      loadOnce().catch((error: unknown) => {
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
    // Once loaded, for good: the lazy component it replaces has never shown anything (it suspended).
    const Current = loaded ?? current;
    return <Current {...props} />;
  }
  const preload = (): Promise<void> =>
    loadOnce().then(
      () => undefined,
      () => undefined,
    );
  return Object.assign(Retryable, { preload });
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
