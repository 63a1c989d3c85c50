import { AnalyticsError } from './analytics-error';
import type { MarketAnalytics } from './market-analytics';

/**
 * The q-driven operations' most expensive questions on the store's own catalogue (its commonest
 * word, and its commonest words all together), asked and their answers thrown away. Why: the first
 * broad question after a start runs in V8's interpreter, 3 to 10 times its warm time (a /v3/value
 * on `topps` about 220 ms cold against 22 warm); once these have run, later questions run compiled
 * code. The cost is the interpreting itself, about the same on a small word as on the full market's
 * commonest one, so there is no cheaper practice, only less of it.
 *
 * Each broad question twice, in two rounds: after one round V8 is still compiling much of the code
 * (the first real broad question took 50-80 ms of CPU in process at load 5), after two 20-30 ms.
 * The server asks them before it listens until the process has run PRACTICE_LISTEN_BY_MS (so that
 * its start stays under 3 s with one question running past it; on a quiet machine that is all of
 * them), and the rest after, one at a time once no request has come for PRACTICE_IDLE_MS (main.ts):
 * a practice question running when the first requests come made them wait (a 12-word no_match,
 * 25-35 ms alone, took 456 ms). Reads only; a no_match is expected.
 */
export function practiceQuestions(
  analytics: MarketAnalytics,
  commonest: readonly string[],
): (() => Promise<unknown>)[] {
  const [q] = commonest;
  if (q === undefined) return [];
  // Costliest first: /v3/value's sample, summaries and cells are /v1/value's too, and much of it
  // /v1/history's.
  const broad = [
    () => analytics.enrichedValue({ q, min_price: 0.01, max_price: 99_999_999 }),
    () => analytics.enrichedValue({ q }),
    () => analytics.history({ q, interval: 'week' }),
    () => analytics.cards({ q, limit: 25 }),
    () => analytics.sold({ q, days: 365 }),
    () => analytics.value({ q }),
  ];
  return [
    ...broad,
    // Many broad words no title holds together: the no_match that tries suggestions, which every
    // q-driven operation gives the same way (card-sales.ts), so one operation practises it.
    ...(commonest.length > 1 ? [() => analytics.value({ q: commonest.join(' ') })] : []),
    ...broad,
  ];
}

/**
 * The server practises before it listens until it has run this long (`performance.now()`, from the
 * process's start): the start's target is 3 s, and one question may run past this.
 */
export const PRACTICE_LISTEN_BY_MS = 2_400;

/**
 * Asks `questions` in order, past no_match, until they are all asked or `now()` has reached
 * `until` (checked before each one), awaiting `before()` before each. Returns those not asked.
 */
export async function practise(
  questions: readonly (() => Promise<unknown>)[],
  options: { until?: number; now?: () => number; before?: () => Promise<void> } = {},
): Promise<(() => Promise<unknown>)[]> {
  const { until = Number.POSITIVE_INFINITY, now = () => performance.now(), before } = options;
  for (const [i, question] of questions.entries()) {
    if (before !== undefined) await before();
    if (now() >= until) return questions.slice(i);
    await ignoringNoMatch(question());
  }
  return [];
}

/** How long the server must have had no request before it asks a practice question after listening. */
export const PRACTICE_IDLE_MS = 1_000;

/**
 * The server's requests as practice sees them: `seen` listens to the HTTP server's `request` event
 * and counts each request until its response closes; `idle()` resolves once no request has been in
 * flight for `idleMs` (checked every `idleMs / 4`), so that practice after listening never makes a
 * request wait behind more than the one question it may have begun. (Not a wrapper of the fetch
 * handler: that would put a promise on every request.)
 */
export function requestActivity(idleMs = PRACTICE_IDLE_MS, now: () => number = () => performance.now()) {
  let inFlight = 0;
  let last = now();
  return {
    seen: (_request: unknown, response: { once(event: 'close', listener: () => void): unknown }): void => {
      inFlight += 1;
      response.once('close', () => {
        inFlight -= 1;
        last = now();
      });
    },
    async idle(): Promise<void> {
      while (inFlight > 0 || now() - last < idleMs) {
        await new Promise((done) => setTimeout(done, idleMs / 4).unref());
      }
    },
  };
}

async function ignoringNoMatch(answer: Promise<unknown>): Promise<void> {
  try {
    await answer;
  } catch (error) {
    if (!(error instanceof AnalyticsError && error.code === 'no_match')) throw error;
  }
}
