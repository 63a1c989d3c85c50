import { AnalyticsError } from './analytics-error';
import type { MarketAnalytics } from './market-analytics';

/**
 * The q-driven operations' most expensive questions on the store's own catalogue (its commonest
 * word, and its commonest words all together), asked once and their answers thrown away. Why: the
 * first broad question after a start runs in V8's interpreter, 3 to 10 times its warm time (a
 * /v3/value on `topps` about 220 ms cold against 22 warm); once these have run, later questions
 * run compiled code. The cost is the interpreting itself, about the same on a small word as on the
 * full market's commonest one, so there is no cheaper practice, only less of it.
 *
 * Most valuable first (the costliest when cold, and the code other operations share): the server
 * asks them before it listens until PRACTICE_BEFORE_LISTENING_MS have passed, and the rest after
 * (main.ts; all of it before listening put the start over its 3 s). Reads only; a no_match is
 * expected.
 */
export function practiceQuestions(
  analytics: MarketAnalytics,
  commonest: readonly string[],
): (() => Promise<unknown>)[] {
  const [q] = commonest;
  if (q === undefined) return [];
  return [
    // /v3/value with a price band: its sample, summaries and cells are /v1/value's too.
    () => analytics.enrichedValue({ q, min_price: 0.01, max_price: 99_999_999 }),
    () => analytics.history({ q, interval: 'week' }),
    () => analytics.cards({ q, limit: 25 }),
    () => analytics.sold({ q, days: 365 }),
    () => analytics.value({ q }),
    // Many broad words no title holds together: the no_match that tries suggestions, which every
    // q-driven operation gives the same way (card-sales.ts), so one operation practises it.
    ...(commonest.length > 1 ? [() => analytics.value({ q: commonest.join(' ') })] : []),
    // Once more: the loops compile sooner.
    () => analytics.enrichedValue({ q }),
  ];
}

/** How long the server practises before it listens (its start on the full market: 2.3-2.5 s without). */
export const PRACTICE_BEFORE_LISTENING_MS = 300;

/**
 * Asks `questions` in order, past no_match, until they are all asked or `now()` has reached
 * `until` (checked before each one). Returns those not asked.
 */
export async function practise(
  questions: readonly (() => Promise<unknown>)[],
  until = Number.POSITIVE_INFINITY,
  now: () => number = () => performance.now(),
): Promise<(() => Promise<unknown>)[]> {
  for (const [i, question] of questions.entries()) {
    if (now() >= until) return questions.slice(i);
    await ignoringNoMatch(question());
  }
  return [];
}

async function ignoringNoMatch(answer: Promise<unknown>): Promise<void> {
  try {
    await answer;
  } catch (error) {
    if (!(error instanceof AnalyticsError && error.code === 'no_match')) throw error;
  }
}
