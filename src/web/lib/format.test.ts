import { describe, expect, it } from 'vitest';
import { formatDuration, humaneHint, plural } from './format';

describe('plural', () => {
  it('says "1 sale" and "0 sales", "2 sales"', () => {
    expect([0, 1, 2].map((n) => `${n} ${plural(n, 'sale')}`)).toEqual(['0 sales', '1 sale', '2 sales']);
    expect(plural(3, 'day', 'days')).toBe('days');
  });
});

describe('formatDuration', () => {
  it('says a wait in at most two units, the largest first', () => {
    expect(formatDuration(1)).toBe('1 second');
    expect(formatDuration(42)).toBe('42 seconds');
    expect(formatDuration(300)).toBe('5 min');
    expect(formatDuration(3 * 3600 + 12 * 60 + 5)).toBe('3 h 12 min');
    expect(formatDuration(7200)).toBe('2 h');
    expect(formatDuration(86_400)).toBe('1 day');
    expect(formatDuration(598_430)).toBe('6 days 22 h');
  });
});

describe('humaneHint', () => {
  it('rewrites the countdown of a quota hint and nothing else', () => {
    const hint =
      'The monthly quota of this free key (1,000 calls in 2026-11, UTC) is spent. It resets on 2026-12-01 at 00:00 UTC, in 598430 seconds (Retry-After); a higher tier has a larger quota.';
    expect(humaneHint(hint)).toBe(hint.replace('in 598430 seconds', 'in 6 days 22 h'));
    expect(humaneHint('No card title contains zzqx.')).toBe('No card title contains zzqx.');
  });
});
