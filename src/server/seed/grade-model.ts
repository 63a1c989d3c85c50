import type { Prng } from './prng';

/**
 * Which grades change hands and what each is worth against a PSA 10 of the same card. Modern cards
 * are mostly gem mint or near it (PSA 10 several times a PSA 9, raw far below); vintage cards trade
 * in mid grades and a gem-mint copy is a rarity worth many times a PSA 8.
 */
export interface GradeMix {
  grades: string[];
  /** Cumulative share of sales, ending at 1. */
  cumulative: Float64Array;
  /** Price against PSA 10. */
  multiple: Float64Array;
}

function mix(rows: [string, number, number][]): GradeMix {
  const total = rows.reduce((sum, [, share]) => sum + share, 0);
  let running = 0;
  return {
    grades: rows.map(([grade]) => grade),
    cumulative: Float64Array.from(rows, ([, share]) => {
      running += share / total;
      return running;
    }),
    multiple: Float64Array.from(rows, ([, , multiple]) => multiple),
  };
}

/** [grade, share of sales, price against PSA 10] */
export const MODERN_GRADES = mix([
  ['PSA 10', 0.3, 1],
  ['PSA 9', 0.22, 0.3],
  ['PSA 8', 0.07, 0.17],
  ['PSA 7', 0.03, 0.12],
  ['BGS 10', 0.01, 2.2],
  ['BGS 9.5', 0.07, 0.6],
  ['BGS 9', 0.03, 0.28],
  ['CGC 10', 0.04, 0.55],
  ['CGC 9.5', 0.02, 0.35],
  ['SGC 10', 0.03, 0.5],
  ['SGC 9.5', 0.01, 0.33],
  ['TAG 10', 0.02, 0.6],
  ['Raw', 0.15, 0.09],
]);

export const VINTAGE_GRADES = mix([
  ['PSA 10', 0.004, 1],
  ['PSA 9', 0.02, 0.22],
  ['PSA 8', 0.08, 0.07],
  ['PSA 7', 0.14, 0.035],
  ['PSA 6', 0.15, 0.022],
  ['PSA 5', 0.14, 0.015],
  ['PSA 4', 0.12, 0.011],
  ['PSA 3', 0.09, 0.008],
  ['PSA 2', 0.06, 0.006],
  ['PSA 1', 0.03, 0.004],
  ['SGC 8', 0.04, 0.06],
  ['SGC 6', 0.04, 0.02],
  ['BGS 8', 0.01, 0.05],
  ['Raw', 0.08, 0.003],
]);

/** Index of a grade drawn by its share. */
export function drawGrade(gradeMix: GradeMix, prng: Prng): number {
  const u = prng.next();
  const { cumulative } = gradeMix;
  for (let i = 0; i < cumulative.length; i += 1) if (u < (cumulative[i] as number)) return i;
  return cumulative.length - 1;
}
