import type { MoversParams } from '../../contract/params';
import type { MoversData } from '../../contract/resources';
import { roundCents, roundPct } from '../../contract/rounding';
import type { MarketContext } from './market-context';

/**
 * `/v1/movers`: per label, the matched change of its cells (each card and grade against itself)
 * between the last 7 days and the 7 before (precomputed at each rebuild, like-for-like.ts: labels
 * with fewer than 3 matched cells or a weight under 5 are left out), sorted by absolute pct_change,
 * largest first, then label and category.
 */
export async function moversData({ reader }: MarketContext, params: MoversParams): Promise<MoversData> {
  const movers = (await reader.movers(params.category)).slice(0, params.limit).map((row) => ({
    label: row.label,
    category: row.category,
    current_avg: roundCents(row.current_avg),
    prev_avg: roundCents(row.prev_avg),
    pct_change: roundPct(row.pct_change),
    direction: row.pct_change >= 0 ? ('up' as const) : ('down' as const),
    n: row.current_n + row.prev_n,
  }));
  return { beta: true, movers };
}
