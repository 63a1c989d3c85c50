import { formatInteger, formatUsd, formatUsdCompact } from '../../lib/format';
import type { IndexMetric } from './index-view';

/** How a value is written for a metric: prices in USD with cents, listings as counts, rebased as points. */
export type ValueFormat = { full: (value: number) => string; tick: (value: number) => string; unit: string };

const points = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const compactCount = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

export const METRIC_LABELS: Record<IndexMetric, string> = {
  avg: 'Average ask',
  median: 'Median ask',
  floor_min: 'Floor (lowest ask)',
  total_value: 'Total value listed',
  listings: 'Listings',
};

export function valueFormat(metric: IndexMetric, compare: boolean): ValueFormat {
  if (compare)
    return { full: (v) => points.format(v), tick: (v) => points.format(v), unit: 'index, start = 100' };
  if (metric === 'listings')
    return { full: formatInteger, tick: (v) => compactCount.format(v), unit: 'listings' };
  return { full: formatUsd, tick: formatUsdCompact, unit: 'USD' };
}
