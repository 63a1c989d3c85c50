import type { ChangeSignal } from '../store/store';

export interface KeepWarmOptions {
  /** How often the change count is looked at (default 1 s). */
  everyMs?: number;
  /** Told after each load of a new data version, with its time. */
  onLoaded?: (ms: number) => void;
  /** Told when a load fails (it is tried again at the next change). */
  onError?: (error: unknown) => void;
  /** Whether the store may be touched now (false during a store fault: nothing is read). */
  canRead?: () => boolean;
}

/**
 * Keeps what the q-driven operations compute from (the sale columns and the catalogue's words; on
 * PostgreSQL the card catalogue too) loaded for the store's current data: now, and again within
 * `everyMs` of the store's change count moving, that is of a seed or ingest by any process. So the
 * first card query after a change does not wait for the load (docs/data-model.md, "Sale columns"). `warm` tells whether it loaded a new data version (a change
 * of keys only moves the count: nothing to load).
 */
export function keepWarm(
  changes: ChangeSignal,
  warm: () => Promise<boolean>,
  options: KeepWarmOptions = {},
): { stop(): void } {
  let seen = changes.read();
  let running = false;
  const load = () => {
    running = true;
    const started = performance.now();
    warm()
      .then(
        (loaded) => {
          if (loaded) options.onLoaded?.(Math.round(performance.now() - started));
        },
        (error: unknown) => options.onError?.(error),
      )
      .finally(() => {
        running = false;
      });
  };
  load();
  const timer = setInterval(() => {
    if (options.canRead !== undefined && !options.canRead()) return;
    const count = changes.read();
    if (count === seen || running) return;
    seen = count;
    load();
  }, options.everyMs ?? 1_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
