import { verdictFor } from '../../../contract/buy-score';
import type { Verdict } from '../../../contract/resources';

/**
 * How the gauge paints the four verdict bands of the buy score. Where each band starts is the
 * contract's `verdictFor` (decisions.md: >= 75 Strong Buy, >= 55 Accumulate, >= 35 Hold, else
 * Reduce); the test checks every score 0..100 lands in the band of its verdict.
 */
export type VerdictBand = { verdict: Verdict; from: number; to: number; color: string };

export const VERDICT_BANDS: readonly VerdictBand[] = [
  { verdict: 'Reduce', from: 0, to: 35, color: 'var(--verdict-reduce)' },
  { verdict: 'Hold', from: 35, to: 55, color: 'var(--verdict-hold)' },
  { verdict: 'Accumulate', from: 55, to: 75, color: 'var(--verdict-accumulate)' },
  { verdict: 'Strong Buy', from: 75, to: 100, color: 'var(--verdict-strong-buy)' },
];

/** The band of a score: the one of the verdict the contract gives that score. */
export function bandOf(score: number): VerdictBand {
  const verdict = verdictFor(Math.min(100, Math.max(0, score)));
  return VERDICT_BANDS.find((band) => band.verdict === verdict)!;
}
