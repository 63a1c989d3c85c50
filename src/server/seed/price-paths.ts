import type { Prng } from './prng';

/**
 * Log-price paths over the days of the demo market. A label (set, product line) moves with drift,
 * volatility and momentum (AR(1) daily returns), and sometimes a recent shock (hype or a sell-off)
 * so that movers and trends differ; each card adds its own drift and random walk on top.
 */
export function labelPath(prng: Prng, days: number): Float64Array {
  const momentum = 0.3 + 0.55 * prng.next();
  const drift = (0.06 + 0.35 * prng.normal()) / 365;
  const volatility = 0.004 + 0.011 * prng.next();
  const path = new Float64Array(days);
  let level = 0;
  let previous = 0;
  // One label in three had news over the last four weeks: a move spread over a few days.
  const shockDay = prng.chance(0.35) ? days - prng.int(3, 28) : -1;
  const shockSize = 0.22 * prng.normal();
  for (let day = 0; day < days; day += 1) {
    let step = momentum * previous + (1 - momentum) * drift + volatility * prng.normal();
    if (shockDay >= 0 && day >= shockDay && day < shockDay + 4) step += shockSize / 4;
    level += step;
    previous = step;
    path[day] = level;
  }
  return path;
}

/** The card's own path, written into `into` (reused between cards to spare allocations). */
export function cardPath(prng: Prng, into: Float64Array): void {
  const drift = (0.3 * prng.normal()) / 365;
  const volatility = 0.004 + 0.014 * prng.next();
  let level = 0;
  for (let day = 0; day < into.length; day += 1) {
    level += drift + volatility * prng.normal();
    into[day] = level;
  }
}

/** Prices as a market writes them: cents below $100, whole dollars up to $2,000, then $5 steps. */
export function marketPrice(value: number): number {
  if (value < 1) return 1;
  if (value < 100) return Math.round(value * 100) / 100;
  if (value < 2000) return Math.round(value);
  return Math.round(value / 5) * 5;
}
