import { describe, expect, it } from 'vitest';
import {
  formatCompact,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatDuration,
  formatInteger,
  formatPercent,
  formatUsd,
  formatUsdCompact,
  humaneHint,
  plural,
} from './format';

// The reference: Intl itself (Node's full ICU), which format.ts writes out by hand.
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, signDisplay: 'exceptZero' });
const points = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const plain = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const usdCompact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const dayTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** Ties, zeros, carries, grouping, the exponent forms, and a seeded spread of prices. */
function numbers(): number[] {
  const picked = [
    0,
    -0,
    0.5,
    -0.5,
    1.005,
    2.675,
    1.455,
    -1.005,
    0.125,
    0.004,
    -0.004,
    0.005,
    -0.4,
    2.5,
    -2.5,
    9.995,
    99.995,
    999.995,
    999_999.995,
    1234.5,
    1234.567,
    -1234.567,
    164_425.27,
    1e-7,
    -3e-7,
    5e-7,
    1e21,
    1.2345e25,
    123_456_789.125,
    0.1 + 0.2,
    1 / 3,
    -2 / 3,
    42,
    1000,
    1_000_000,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ];
  let seed = 7;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  for (let i = 0; i < 2000; i += 1) {
    const scale = 10 ** Math.floor(random() * 8 - 2);
    const value = (random() - 0.3) * scale;
    picked.push(value, Math.round(value * 1000) / 1000, Math.round(value * 100) / 100 + 0.005);
  }
  return picked;
}

describe('formatUsd, formatInteger, formatPercent, formatDecimal, formatCompact, formatUsdCompact', () => {
  it('write what Intl en-US writes, digit for digit', () => {
    const pairs: [string, (value: number) => string, (value: number) => string][] = [
      ['formatUsd', formatUsd, (v) => usd.format(v)],
      ['formatInteger', formatInteger, (v) => integer.format(v)],
      ['formatPercent', formatPercent, (v) => `${percent.format(v)}%`],
      ['formatDecimal 2-2', (v) => formatDecimal(v, 2, 2), (v) => points.format(v)],
      ['formatDecimal 0-2', (v) => formatDecimal(v, 2), (v) => plain.format(v)],
      ['formatUsdCompact', formatUsdCompact, (v) => usdCompact.format(v)],
      ['formatCompact', formatCompact, (v) => compact.format(v)],
    ];
    const values = numbers();
    const differences = pairs.flatMap(([name, ours, intl]) =>
      values.filter((value) => ours(value) !== intl(value)).map((value) => `${name}(${value})`),
    );
    expect(differences).toEqual([]);
    expect(values.length).toBeGreaterThan(6000);
  });

  it('say a price, a count and a change as the pages show them', () => {
    expect(formatUsd(164_425.27)).toBe('$164,425.27');
    expect(formatUsd(-1.005)).toBe('-$1.01');
    expect(formatInteger(1_045_938)).toBe('1,045,938');
    expect(formatPercent(12.5)).toBe('+12.5%');
    expect(formatPercent(-0.001)).toBe('0%');
  });
});

describe('formatDate, formatDateTime', () => {
  it('write what Intl en-US writes in UTC', () => {
    const start = Date.UTC(1999, 11, 31, 23, 59);
    for (let i = 0; i < 500; i += 1) {
      const at = new Date(start + i * 7_919_993_117);
      expect(formatDate(at)).toBe(day.format(at));
      expect(formatDateTime(at)).toBe(`${dayTime.format(at)} UTC`);
      expect(formatDateTime(at.getTime())).toBe(`${dayTime.format(at)} UTC`);
    }
    expect(formatDate('2026-11-15')).toBe('Nov 15, 2026');
    expect(formatDateTime('2026-11-15T00:04:00Z')).toBe('Nov 15, 2026, 12:04 AM UTC');
    expect(formatDateTime('2026-11-15T12:00:00Z')).toBe('Nov 15, 2026, 12:00 PM UTC');
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });
});

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
