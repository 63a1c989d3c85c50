import { formatCompact, formatDecimal, formatInteger, formatUsd, formatUsdCompact } from '../../lib/format';
import type { IndexMetric } from './index-view';

/** How a value is written for a metric: prices in USD with cents, listings as counts, rebased as points. */
export type ValueFormat = { full: (value: number) => string; tick: (value: number) => string; unit: string };

const points = { format: (value: number) => formatDecimal(value, 2, 2) };
const compactCount = { format: formatCompact };

export const METRIC_LABELS: Record<IndexMetric, string> = {
  sales_index: 'Sales index (sold prices)',
  avg: 'Average ask',
  median: 'Median ask',
  floor_min: 'Floor (lowest ask)',
  total_value: 'Total value listed',
  listings: 'Listings',
};

/** What each metric measures, in one line (shown under the choice). */
export const METRIC_DESCRIPTIONS: Record<IndexMetric, string> = {
  sales_index:
    'What sold prices did, week by week: each card and grade against itself, chained from 100; a single sale or listing cannot move it.',
  median: 'The middle asking price of the listings active that day; one odd listing barely moves it.',
  avg: 'The mean asking price of the listings active that day; one expensive listing can move it a lot.',
  floor_min: 'The lowest asking price of the listings active that day.',
  total_value: 'The sum of the asking prices of the listings active that day.',
  listings: 'How many listings were active that day.',
};

export function valueFormat(metric: IndexMetric, compare: boolean): ValueFormat {
  if (compare)
    return { full: (v) => points.format(v), tick: (v) => points.format(v), unit: 'index, start = 100' };
  if (metric === 'sales_index')
    return { full: (v) => points.format(v), tick: (v) => points.format(v), unit: 'base week = 100' };
  if (metric === 'listings')
    return { full: formatInteger, tick: (v) => compactCount.format(v), unit: 'listings' };
  return { full: formatUsd, tick: formatUsdCompact, unit: 'USD' };
}
