/** A price range as the API gives it: min, p25 (low), median (value), p75 (high), max. */
export type PriceRange = { min: number; low: number; value: number; high: number; max: number };
export type Domain = { from: number; to: number };

/** The smallest domain that holds every range, so several ranges share one scale. */
export function sharedDomain(ranges: readonly Pick<PriceRange, 'min' | 'max'>[]): Domain {
  if (ranges.length === 0) return { from: 0, to: 0 };
  return {
    from: Math.min(...ranges.map((range) => range.min)),
    to: Math.max(...ranges.map((range) => range.max)),
  };
}

/** Where a price sits in the domain, as a percentage 0..100 (clamped; the middle for an empty domain). */
export function percentOf(price: number, domain: Domain): number {
  const span = domain.to - domain.from;
  if (span <= 0) return 50;
  return Math.min(100, Math.max(0, ((price - domain.from) / span) * 100));
}

/** The positions a range bar draws: whiskers, box and median tick, in percent of the track. */
export function rangePositions(range: PriceRange, domain: Domain) {
  const min = percentOf(range.min, domain);
  const low = percentOf(range.low, domain);
  const high = percentOf(range.high, domain);
  return {
    whiskerStart: min,
    whiskerWidth: percentOf(range.max, domain) - min,
    boxStart: low,
    boxWidth: high - low,
    median: percentOf(range.value, domain),
  };
}
