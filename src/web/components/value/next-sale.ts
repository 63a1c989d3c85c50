import { formatInteger, plural } from '../../lib/format';

/**
 * The estimate of the next sale and its range (decisions.md, "The next sale"): `level` percent of
 * next sales fall between `low` and `high`, as measured out of sample; `sales_used` the comps.
 */
export type NextSale = { estimate: number; low: number; high: number; level: number; sales_used: number };

/** `next_sale` as an answer carries it: absent from a server that does not send it, null when it has none. */
export type WithNextSale = { next_sale?: NextSale | null | undefined };

/**
 * Why an answer has no estimate of the next sale: it mixes cards or grades, or its card and grade
 * sold fewer than 3 times in 365 days.
 */
export function noEstimateReason(
  data: { grade: string | null; sample_size: number; window_days?: number | undefined },
  severalCards = false,
): string {
  if (severalCards) return 'a mix of cards: the next sale is of one card, pick it';
  if (data.grade === null) return 'a mix of grades: each grade sells at its own price, pick one';
  const sales =
    data.window_days === 365
      ? `only ${formatInteger(data.sample_size)} ${plural(data.sample_size, 'sale')}`
      : 'too few sales';
  return `${sales} of this card in ${data.grade} in 365 days, fewer than the 3 an estimate needs`;
}
