import { describe, expect, it } from 'vitest';
import { verdictFor } from '../../../contract/buy-score';
import { bandOf, VERDICT_BANDS } from './verdict-bands';

describe('verdict bands', () => {
  it('cover 0..100 without gaps, in score order', () => {
    expect(VERDICT_BANDS[0]?.from).toBe(0);
    expect(VERDICT_BANDS.at(-1)?.to).toBe(100);
    for (let i = 1; i < VERDICT_BANDS.length; i += 1)
      expect(VERDICT_BANDS[i]?.from).toBe(VERDICT_BANDS[i - 1]?.to);
  });

  it('put every score in the band drawn where the contract gives its verdict', () => {
    for (let score = 0; score <= 100; score += 1) {
      const band = bandOf(score);
      expect(band.verdict).toBe(verdictFor(score));
      expect(score >= band.from && (score < band.to || band.to === 100)).toBe(true);
    }
  });
});
