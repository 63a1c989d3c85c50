import type { MarketState } from '../store/market-meta';
import { AnalyticsError } from './analytics-error';

/** The latest snapshot date; no_match while the store has no listing snapshot. */
export function requireSnapshotDate(state: MarketState): string {
  if (state.snapshotDate === null) {
    throw new AnalyticsError(
      'no_match',
      'The store has no listing snapshot yet. Import listings (npm run ingest -- listings FILE) or seed the demo market.',
    );
  }
  return state.snapshotDate;
}
