import type { SalesIndexParams } from '../../contract/params';
import type { SalesIndexData } from '../../contract/resources';
import { roundPct, roundTo } from '../../contract/rounding';
import { dateOfDayNumber, dayNumber } from '../store/time';
import { AnalyticsError } from './analytics-error';
import { requireAsOf } from './card-sales';
import { salesIndexWeeks, WEEK_MS } from './derived/derive-sales-index';
import { requireLabel } from './index-series';
import type { MarketContext } from './market-context';

/**
 * `/v1/sales-index` (decisions.md): the weekly chained index of sold prices, precomputed at each
 * rebuild (derived/derive-sales-index.ts), per category or, with `label`, per label (a label used in
 * two categories gives a series for each). `from` and `to` only filter the points. A store without
 * sales, or without a whole week since 2026-05-29, is `no_match`; so is a label no card carries.
 */
export async function salesIndexData(
  { reader }: MarketContext,
  params: SalesIndexParams,
): Promise<SalesIndexData> {
  const asOfMs = requireAsOf((await reader.state()).asOfMs);
  const { weeks } = salesIndexWeeks(asOfMs);
  if (weeks < 1) {
    throw new AnalyticsError(
      'no_match',
      'The sales index starts with the first whole week from 2026-05-29; the store has no sale after that week yet.',
    );
  }
  if (params.label !== undefined) await requireLabel(reader, params.label, params.category);
  const rows = await reader.salesIndex(params);
  return {
    base_date: dateOfDayNumber(dayNumber(asOfMs - (weeks - 1) * WEEK_MS)),
    series: rows.map((row) => ({
      date: row.day,
      category: row.category,
      label: row.label === '' ? null : row.label,
      index: roundTo(row.idx, 2),
      change_pct: row.change_pct === null ? null : roundPct(row.change_pct),
      matched_cells: row.matched_cells,
      sales: row.sales,
    })),
  };
}
