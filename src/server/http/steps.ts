/**
 * Synchronous while it can be: a handler written as a generator of steps (`yield* step(value)`,
 * where a value may be a promise) runs to its end at once, and returns its result itself, as long
 * as no step waits; at the first step that is a promise it goes on asynchronously.
 *
 * Why: the keyed pipeline (keyed-pipeline.ts) may wait on its store (PostgreSQL's key book, quota
 * and analytics), but on SQLite, and for every answer already cached, nothing waits. Written as an
 * `async` function, every cached call paid the promise hops and @hono/node-server's slower path for
 * a promised response, and the keyed answers' share of their bytes-only ceiling fell by 0.03 to
 * 0.15 (docs/api.md, "Where the throughput stands"); run by `runSteps` it stays on the synchronous
 * path whenever it can.
 */
export type Steps<R> = Generator<unknown, R, never>;

/** One step: its value, waited for only if it is a promise. */
export function* step<T>(value: T | PromiseLike<T>): Generator<T | PromiseLike<T>, T, T> {
  return yield value;
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | null)?.then === 'function';

/** Runs `steps`: its result, or a promise of it from the first step that waits. */
export function runSteps<R>(steps: Steps<R>): R | Promise<R> {
  const resume = steps as unknown as Generator<unknown, R, unknown>;
  let next = resume.next();
  while (!next.done) {
    if (isThenable(next.value)) return goOnAsync(resume, next.value);
    next = resume.next(next.value);
  }
  return next.value;
}

/** The rest of a run after a step that waits; a rejected step is thrown into the handler at that step. */
async function goOnAsync<R>(
  steps: Generator<unknown, R, unknown>,
  waiting: PromiseLike<unknown>,
): Promise<R> {
  let pending: unknown = rejectionsMarked(waiting);
  for (;;) {
    let next: IteratorResult<unknown, R>;
    try {
      next = steps.next(await pending);
    } catch (error) {
      if (!(error instanceof StepFailure)) throw error;
      next = steps.throw(error.cause);
    }
    if (next.done) return next.value;
    pending = isThenable(next.value) ? rejectionsMarked(next.value) : next.value;
  }
}

/** A step's rejection, told apart from an error thrown by the handler's own code as it resumes. */
class StepFailure {
  constructor(readonly cause: unknown) {}
}

const rejectionsMarked = (value: PromiseLike<unknown>): Promise<unknown> =>
  Promise.resolve(value).then(undefined, (error: unknown) => {
    throw new StepFailure(error);
  });
