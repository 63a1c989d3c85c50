import type { EnrichedValueData, ValueData } from '../../../contract/resources';
import { formatDateTime, formatUsd } from '../../lib/format';

/** The plain answer's echo of its price filter and its as-of time, in words. */
export function plainValueNote(data: Pick<ValueData, 'filter' | 'as_of'>): string {
  const { min_price, max_price } = data.filter;
  const bounds = [
    min_price === null ? null : `from ${formatUsd(min_price)}`,
    max_price === null ? null : `up to ${formatUsd(max_price)}`,
  ].filter((bound): bound is string => bound !== null);
  const filter = bounds.length > 0 ? `Sales ${bounds.join(' ')}, as of` : 'Sales as of';
  return `${filter} ${formatDateTime(data.as_of)}.`;
}

/** The enriched answer's window (an extra member of this server; other servers may leave it out). */
export const enrichedValueNote = (data: Pick<EnrichedValueData, 'window_days'>): string =>
  data.window_days === undefined
    ? 'From recent sales.'
    : `From the sales of the last ${data.window_days} days.`;
