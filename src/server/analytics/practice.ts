import { AnalyticsError } from './analytics-error';
import type { MarketAnalytics } from './market-analytics';

/**
 * Asks the q-driven operations their most expensive questions on the store's own catalogue (its
 * commonest word, and its commonest words all together), and throws the answers away. Why: the
 * first broad question after a start ran in V8's interpreter, 3 to 6 times its warm time (a
 * /v3/value on `topps` took 76.5 ms cold against 48 warm, issue 29); once these have run, the
 * server's later questions run compiled code. The server runs it right after it listens
 * (main.ts; before, it put the start over 3 s). Reads only; a no_match is expected.
 */
export async function practise(analytics: MarketAnalytics, commonest: readonly string[]): Promise<void> {
  const [first] = commonest;
  if (first === undefined) return;
  // The costliest operation twice (with a price band the second time): its loops compile sooner.
  // /v3/value's sample and summaries are /v1/value's.
  await ignoringNoMatch(analytics.enrichedValue({ q: first }));
  await ignoringNoMatch(analytics.enrichedValue({ q: first, min_price: 0.01, max_price: 99_999_999 }));
  await ignoringNoMatch(analytics.history({ q: first, interval: 'week' }));
  await ignoringNoMatch(analytics.sold({ q: first, days: 365 }));
  await ignoringNoMatch(analytics.cards({ q: first, limit: 25 }));
  // Many broad words no title holds together: the no_match answer that tries suggestions, which
  // every q-driven operation gives the same way (card-sales.ts), so one operation practises it.
  if (commonest.length > 1) await ignoringNoMatch(analytics.enrichedValue({ q: commonest.join(' ') }));
}

async function ignoringNoMatch(answer: Promise<unknown>): Promise<void> {
  try {
    await answer;
  } catch (error) {
    if (!(error instanceof AnalyticsError && error.code === 'no_match')) throw error;
  }
}
