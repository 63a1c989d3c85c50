/** A price range as the API gives it: min, p25 (low), median (value), p75 (high), max. */
export type PriceRange = { min: number; low: number; value: number; high: number; max: number };

/**
 * The price scale ranges are drawn on. Graded-card prices span orders of magnitude (a Raw copy and
 * a PSA 10 of the same card), so a domain whose top is at least LOG_SCALE_RATIO times its (positive)
 * bottom is drawn on a log scale, where every grade stays readable; otherwise it is linear.
 */
export type Domain = { from: number; to: number; scale: 'linear' | 'log' };

export const LOG_SCALE_RATIO = 20;

export function domainOf(from: number, to: number): Domain {
  const scale = from > 0 && to / from >= LOG_SCALE_RATIO ? 'log' : 'linear';
  return { from, to, scale };
}

/** The smallest domain that holds every range, so several ranges share one scale. */
export function sharedDomain(ranges: readonly Pick<PriceRange, 'min' | 'max'>[]): Domain {
  if (ranges.length === 0) return domainOf(0, 0);
  return domainOf(
    Math.min(...ranges.map((range) => range.min)),
    Math.max(...ranges.map((range) => range.max)),
  );
}

/** Where a price sits in the domain, as a percentage 0..100 (clamped; the middle for an empty domain). */
export function percentOf(price: number, domain: Domain): number {
  const position =
    domain.scale === 'log'
      ? (Math.log(Math.max(price, domain.from)) - Math.log(domain.from)) /
        (Math.log(domain.to) - Math.log(domain.from))
      : (price - domain.from) / (domain.to - domain.from);
  if (!(domain.to > domain.from) || !Number.isFinite(position)) return 50;
  return Math.min(100, Math.max(0, position * 100));
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

/** The price at a position (0..100) of the domain: the inverse of percentOf. */
export function priceAt(percent: number, domain: Domain): number {
  const t = percent / 100;
  return domain.scale === 'log'
    ? Math.exp(Math.log(domain.from) + t * (Math.log(domain.to) - Math.log(domain.from)))
    : domain.from + t * (domain.to - domain.from);
}
