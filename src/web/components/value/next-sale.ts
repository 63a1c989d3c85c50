import { formatInteger, plural } from '../../lib/format';

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
