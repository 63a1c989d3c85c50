import { formatInteger, plural } from '../../lib/format';

/**
 * Why an answer of one card has no estimate of the next sale: it mixes grades, or its card and grade
 * sold fewer than 3 times in 365 days. (An answer of several cards shows no headline at all:
 * all-matching-sales.tsx says why.)
 */
export function noEstimateReason(data: {
  grade: string | null;
  sample_size: number;
  window_days?: number | undefined;
}): string {
  if (data.grade === null) return 'a mix of grades: each grade sells at its own price, pick one';
  const sales =
    data.window_days === 365
      ? `only ${formatInteger(data.sample_size)} ${plural(data.sample_size, 'sale')}`
      : 'too few sales';
  return `${sales} of this card in ${data.grade} in 365 days, fewer than the 3 an estimate needs`;
}
