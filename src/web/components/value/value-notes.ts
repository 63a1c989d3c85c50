import type { EnrichedValueData, ValueData } from '../../../contract/resources';
import { formatDateTime, formatInteger, formatUsd } from '../../lib/format';

/** decisions.md, "Statistics": both value answers use 90 days of sales, widened to 365 below 5 sales. */
const VALUE_WINDOW_DAYS = 90;
const VALUE_MIN_SALES = 5;

type WindowFields = Pick<ValueData, 'sample_size' | 'window_days'>;

const sales = (count: number): string => `${formatInteger(count)} sale${count === 1 ? '' : 's'}`;

/** `From 37 sales over the last 90 days` (`window_days` is an extra member: other servers may leave it out). */
const fromSales = ({ sample_size, window_days }: WindowFields): string =>
  window_days === undefined
    ? `From ${sales(sample_size)}`
    : `From ${sales(sample_size)} over the last ${formatInteger(window_days)} days`;

/** Why the window is longer than 90 days, when it is. */
const widened = ({ window_days }: WindowFields): string =>
  window_days !== undefined && window_days > VALUE_WINDOW_DAYS
    ? ` Widened to ${formatInteger(window_days)} days: the last ${VALUE_WINDOW_DAYS} held fewer than ${VALUE_MIN_SALES} sales.`
    : '';

/** The plain answer's sample and window, its price filter and its as-of time, in words. */
export function plainValueNote(data: Pick<ValueData, 'filter' | 'as_of'> & WindowFields): string {
  const { min_price, max_price } = data.filter;
  const bounds = [
    min_price === null ? null : `from ${formatUsd(min_price)}`,
    max_price === null ? null : `up to ${formatUsd(max_price)}`,
  ].filter((bound): bound is string => bound !== null);
  const priced = bounds.length > 0 ? `, priced ${bounds.join(' ')}` : '';
  return `${fromSales(data)}${priced}, as of ${formatDateTime(data.as_of)}.${widened(data)}`;
}

/** The enriched answer's sample and window. */
export const enrichedValueNote = (data: Pick<EnrichedValueData, 'sample_size' | 'window_days'>): string =>
  `${fromSales(data)}.${widened(data)}`;
