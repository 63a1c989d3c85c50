import {
  LIQUIDITY_TIERS,
  type LiquidityTier,
  type NextSale,
  PRICE_BANDS,
  type PriceBand,
} from '../../contract/resources';
import type { NextSaleConstants } from '../store/derived-tables';

/**
 * decisions.md, "The next sale": a cell's comps restated by its label's weekly index, a
 * recency-weighted centre, a robust scale shrunk toward the cohort (category x price band) and
 * widened with staleness, calibrated by split conformal per bucket (liquidity tier x price band).
 * Pure functions shared by the rebuild (derived/derive-next-sale.ts), the value operations and the
 * backtest (cli/backtest-next-sale.ts). Logs are natural logs of USD prices.
 */

/** The constants the walk-forward backtest chose (docs/analytics.md, "The next sale"). */
export const NEXT_SALE_CONSTANTS: NextSaleConstants = {
  halfLifeDays: 30,
  shrinkComps: 20,
  staleVariancePerYear: 0.01,
};

export const NEXT_SALE_LEVEL = 80;
/** The comps: the cell's sales of the 365 days up to the forecast time; at least 3. */
export const COMPS_DAYS = 365;
export const MIN_COMPS = 3;
/** Calibration windows: 84 days (12 weeks). */
export const CALIBRATION_DAYS = 84;
/** A bucket with fewer scores than this pools its neighbours' (bucketsOrder). */
export const BUCKET_MIN_SCORES = 50;
/** Below this many scores in all, the 90 % conformal quantile does not exist: no range. */
export const CALIBRATION_MIN_SCORES = 9;
/** Never a zero-width range: the scale's floor (a log spread of 2 %). */
export const SCALE_FLOOR = 0.02;
/** A cell counts toward its cohort's scale with at least this many comps. */
export const COHORT_MIN_COMPS = 5;
/** A label's week with a smaller matched weight takes its category's change. */
export const LABEL_MIN_WEIGHT = 3;
/** IQR of a standard normal: a robust scale from quartiles. */
const IQR_OF_NORMAL = 1.349;

export const bandOf = (price: number): PriceBand =>
  price < 100 ? 'under_100' : price < 1000 ? '100_1k' : price < 10000 ? '1k_10k' : '10k_up';

/** The liquidity tier of a forecast window of `n` sales (90 days, or 365 when fewer than 5 in 90). */
export const tierOf = (n: number): LiquidityTier => (n >= 30 ? 'liquid' : n >= 10 ? 'steady' : 'thin');

/**
 * The weighted quantile at `p` of values ascending with their weights: the first value whose
 * cumulative weight reaches p x the total, the mean of it and the next when it reaches it exactly
 * (so equal weights give the ordinary median).
 */
export function weightedQuantile(
  values: ArrayLike<number>,
  weights: ArrayLike<number>,
  n: number,
  total: number,
  p: number,
): number {
  const target = p * total;
  let cumulative = 0;
  for (let k = 0; k < n; k += 1) {
    cumulative += weights[k] as number;
    if (cumulative > target) return values[k] as number;
    if (cumulative === target)
      return k + 1 < n ? ((values[k] as number) + (values[k + 1] as number)) / 2 : (values[k] as number);
  }
  return values[n - 1] as number;
}

/** A cell's forecast before calibration: centre and raw scale of its restated log comps. */
export interface CellForecast {
  /** Weighted median of the restated log prices. */
  centre: number;
  /** Weighted IQR / 1.349 of the same. */
  cellScale: number;
  /** Kish's effective number of comps, (sum w)^2 / sum w^2. */
  effectiveComps: number;
  comps: number;
  /** Days from the cell's last comp to the forecast time. */
  staleDays: number;
  tier: LiquidityTier;
}

/**
 * The forecast of comps given ascending by restated log price (`logs`) with their weights (any
 * positive multiple of 2^(-age / H)), at least MIN_COMPS of them; `windowSales` is the value
 * window's count (the tier); `staleDays` the days since the newest comp.
 */
export function cellForecast(
  logs: ArrayLike<number>,
  weights: ArrayLike<number>,
  n: number,
  windowSales: number,
  staleDays: number,
): CellForecast {
  let total = 0;
  let squares = 0;
  for (let k = 0; k < n; k += 1) {
    const w = weights[k] as number;
    total += w;
    squares += w * w;
  }
  const q25 = weightedQuantile(logs, weights, n, total, 0.25);
  const q75 = weightedQuantile(logs, weights, n, total, 0.75);
  return {
    centre: weightedQuantile(logs, weights, n, total, 0.5),
    cellScale: (q75 - q25) / IQR_OF_NORMAL,
    effectiveComps: (total * total) / squares,
    comps: n,
    staleDays,
    tier: tierOf(windowSales),
  };
}

/**
 * The scale: the cell's shrunk toward its cohort's by `shrinkComps` pseudo-comps (on variances),
 * widened by the variance of the days since its last sale, never below SCALE_FLOOR.
 */
export function forecastScale(
  forecast: CellForecast,
  cohortScale: number | null,
  constants: NextSaleConstants,
): number {
  const { effectiveComps: n, cellScale } = forecast;
  const k = cohortScale === null ? 0 : constants.shrinkComps;
  const shrunk = (n * cellScale * cellScale + k * (cohortScale ?? 0) ** 2) / (n + k);
  const stale = (constants.staleVariancePerYear * forecast.staleDays) / 365;
  return Math.max(SCALE_FLOOR, Math.sqrt(shrunk + stale));
}

/** The conformal q_lo, q_mid, q_hi of a bucket: 10 %, 50 %, 90 % order statistics of its scores. */
export interface BucketQuantiles {
  lo: number;
  mid: number;
  hi: number;
  /** Scores they rest on (the bucket's, with the neighbours' it pooled). */
  scores: number;
}

/** The ceil((n + 1) p)-th smallest of ascending scores (the largest when that passes n). */
export function conformalQuantile(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  const rank = Math.min(n, Math.ceil((n + 1) * p));
  return sorted[rank - 1] as number;
}

export const bucketKey = (tier: LiquidityTier, band: PriceBand): string => `${tier} ${band}`;

/**
 * The buckets a bucket pools, in order, until it holds BUCKET_MIN_SCORES: itself, the other price
 * bands of its tier by distance (the lower first), then its band in the other tiers by distance,
 * then every other bucket by tier and band distance.
 */
export function bucketsOrder(tier: LiquidityTier, band: PriceBand): string[] {
  const t = LIQUIDITY_TIERS.indexOf(tier);
  const b = PRICE_BANDS.indexOf(band);
  const all = LIQUIDITY_TIERS.flatMap((_, ti) => PRICE_BANDS.map((_, bi) => [ti, bi] as const));
  const rank = ([ti, bi]: readonly [number, number]) =>
    ti === t
      ? [0, Math.abs(bi - b), bi]
      : bi === b
        ? [1, Math.abs(ti - t), ti]
        : [2, Math.abs(ti - t) + Math.abs(bi - b), ti * 4 + bi];
  return all
    .sort((x, y) => {
      const [a0, a1, a2] = rank(x);
      const [b0, b1, b2] = rank(y);
      return (
        (a0 as number) - (b0 as number) || (a1 as number) - (b1 as number) || (a2 as number) - (b2 as number)
      );
    })
    .map(([ti, bi]) => bucketKey(LIQUIDITY_TIERS[ti] as LiquidityTier, PRICE_BANDS[bi] as PriceBand));
}

/**
 * Every bucket's quantiles from the calibration scores by bucket; none when fewer than
 * CALIBRATION_MIN_SCORES in all.
 */
export function calibrate(scoresByBucket: ReadonlyMap<string, number[]>): Map<string, BucketQuantiles> {
  const quantiles = new Map<string, BucketQuantiles>();
  let all = 0;
  for (const scores of scoresByBucket.values()) all += scores.length;
  if (all < CALIBRATION_MIN_SCORES) return quantiles;
  for (const tier of LIQUIDITY_TIERS) {
    for (const band of PRICE_BANDS) {
      // Concatenated, not spread into push: a bucket holds up to hundreds of thousands of scores.
      let pooled: number[] = [];
      for (const key of bucketsOrder(tier, band)) {
        if (pooled.length >= BUCKET_MIN_SCORES) break;
        pooled = pooled.concat(scoresByBucket.get(key) ?? []);
      }
      const sorted = Float64Array.from(pooled).sort();
      quantiles.set(bucketKey(tier, band), {
        lo: conformalQuantile(sorted, 0.1),
        mid: conformalQuantile(sorted, 0.5),
        hi: conformalQuantile(sorted, 0.9),
        scores: sorted.length,
      });
    }
  }
  return quantiles;
}

/** The next sale, unrounded, from a forecast, its scale and its bucket's quantiles. */
export function nextSaleOf(
  forecast: CellForecast,
  scale: number,
  quantiles: ReadonlyMap<string, BucketQuantiles>,
): NextSale | null {
  const bucket = quantiles.get(bucketKey(forecast.tier, bandOf(Math.exp(forecast.centre))));
  if (bucket === undefined) return null;
  return {
    estimate: Math.exp(forecast.centre + scale * bucket.mid),
    low: Math.exp(forecast.centre + scale * bucket.lo),
    high: Math.exp(forecast.centre + scale * bucket.hi),
    level: NEXT_SALE_LEVEL,
    sales_used: forecast.comps,
  };
}
