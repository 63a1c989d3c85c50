import type { GradingData, GradingGrade } from '../../../contract/resources';
import type { GradingQueryParams } from '../../lib/api/queries';

/** The panel's editable assumptions, as typed: an empty field leaves the server's default. */
export interface GradingFields {
  grader: GradingQueryParams['grader'];
  fee: string;
  cost: string;
  selling_pct: string;
  selling_fixed: string;
}

export const EMPTY_GRADING_FIELDS: GradingFields = {
  grader: 'PSA',
  fee: '',
  cost: '',
  selling_pct: '',
  selling_fixed: '',
};

const numberOf = (text: string): number | undefined => {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
};

/** The request's parameters: the card, the grader, and each field that holds a number. */
export function gradingParams(q: string, fields: GradingFields): GradingQueryParams {
  const params: GradingQueryParams = { q, grader: fields.grader };
  for (const name of ['fee', 'cost', 'selling_pct', 'selling_fixed'] as const) {
    const value = numberOf(fields[name]);
    if (value !== undefined) params[name] = value;
  }
  return params;
}

/** What a price nets once sold and graded: less the selling costs and the grading fee, as the server's `net`. */
export const netOf = (price: number, data: Pick<GradingData, 'fee' | 'selling_pct' | 'selling_fixed'>) =>
  price * (1 - data.selling_pct / 100) - data.selling_fixed - data.fee;

/** A grade's net over its price's 80 % range; null for a grade without a price. */
export function netRange(
  row: GradingGrade,
  data: Pick<GradingData, 'fee' | 'selling_pct' | 'selling_fixed'>,
): { low: number; high: number } | null {
  if (row.low === null || row.high === null) return null;
  return { low: netOf(row.low, data), high: netOf(row.high, data) };
}

/** A share 0..1 as a percent with one decimal: `0.4677` -> `46.8 %`. */
export const percentOf = (share: number): string => `${(Math.round(share * 1000) / 10).toFixed(1)} %`;
