import type { Prng } from './prng';

/**
 * Log-price paths over the days of the demo market, in three layers that add up
 * (shared/market-references.md, "Volatility"):
 *
 * - a category moves with its own yearly drift (a one-year change between about -45 % and +60 %)
 *   and a little daily noise;
 * - a label (set, product line) moves around its category: daily moves with momentum (a set's
 *   prices drift for days, they do not flip every day), so that a week's move has a standard
 *   deviation of about 1.5 to 3 %, and now and then a shock (news, a reprint, a hyped release)
 *   spread over a few days;
 * - a card moves on its own around its label, iconic cards more than others.
 */

/** AR(1) daily returns around a drift: the shared shape of every layer. */
function walk(
  prng: Prng,
  days: number,
  yearlyDrift: number,
  dailyVolatility: number,
  momentum: number,
): Float64Array {
  const path = new Float64Array(days);
  const drift = yearlyDrift / 365;
  let level = 0;
  let previous = 0;
  for (let day = 0; day < days; day += 1) {
    const step = momentum * previous + (1 - momentum) * drift + dailyVolatility * prng.normal();
    level += step;
    previous = step - drift * (1 - momentum);
    path[day] = level;
  }
  return path;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

export function categoryPath(prng: Prng, days: number): Float64Array {
  const yearlyDrift = clamp(0.04 + 0.2 * prng.normal(), -0.5, 0.4);
  return walk(prng, days, yearlyDrift, 0.0022, 0.3);
}

/** One label in eight has had a shock in the last 90 days. */
export const LABEL_SHOCK_SHARE = 0.125;

export function labelPath(prng: Prng, days: number): Float64Array {
  const yearlyDrift = clamp(0.16 * prng.normal(), -0.35, 0.35);
  const volatility = 0.0023 + 0.0023 * prng.next();
  const momentum = 0.5 + 0.25 * prng.next();
  const path = walk(prng, days, yearlyDrift, volatility, momentum);
  if (prng.chance(LABEL_SHOCK_SHARE)) {
    const start = days - prng.int(5, 90);
    const size = clamp(0.1 * prng.normal(), -0.25, 0.25);
    for (let day = start; day < days; day += 1) {
      path[day] = (path[day] as number) + (size * Math.min(4, day - start + 1)) / 4;
    }
  }
  return path;
}

/** The card's own path, written into `into` (reused between cards to spare allocations). */
export function cardPath(prng: Prng, into: Float64Array, iconic: boolean): void {
  const yearlyDrift = clamp(0.1 * prng.normal(), -0.25, 0.25) * (iconic ? 1.6 : 1);
  const volatility = (0.0008 + 0.0008 * prng.next()) * (iconic ? 3 : 1);
  const path = walk(prng, into.length, yearlyDrift, volatility, 0);
  into.set(path);
}

/** Prices as a market writes them: cents below $100, whole dollars up to $2,000, then $5 steps. */
export function marketPrice(value: number): number {
  if (value < 100) return Math.round(value * 100) / 100;
  if (value < 2000) return Math.round(value);
  return Math.round(value / 5) * 5;
}
