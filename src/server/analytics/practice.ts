import { AnalyticsError } from './analytics-error';
import type { MarketAnalytics } from './market-analytics';

/**
 * Asks the q-driven operations their most expensive questions on the store's own catalogue (its
 * commonest word, and its commonest words all together), and throws the answers
 * away. Why: the first broad question after a start ran in V8's interpreter, 3 to 6 times its
 * warm time (a /v3/value on `topps` took 76.5 ms cold against 48 warm, issue 29); once these have
 * run, the server's first real question runs compiled code. Reads only; a no_match is expected.
 */
export async function practise(analytics: MarketAnalytics, commonest: readonly string[]): Promise<void> {
  const [first] = commonest;
  if (first === undefined) return;
  // Many broad words no title holds together: the no_match answer that tries suggestions.
  for (const q of [first, commonest.join(' ')]) {
    // The costliest operation twice (with a price band the second time): its loops compile sooner.
    await ignoringNoMatch(analytics.enrichedValue({ q }));
    await ignoringNoMatch(analytics.enrichedValue({ q, min_price: 0.01, max_price: 99_999_999 }));
    await ignoringNoMatch(analytics.history({ q, interval: 'week' }));
    await ignoringNoMatch(analytics.sold({ q, days: 365 }));
    await ignoringNoMatch(analytics.cards({ q, limit: 25 }));
  }
}

async function ignoringNoMatch(answer: Promise<unknown>): Promise<void> {
  try {
    await answer;
  } catch (error) {
    if (!(error instanceof AnalyticsError && error.code === 'no_match')) throw error;
  }
}
