/** How the API rounds what it answers (decisions.md, "Statistics"): prices to cents, percentages to 2 decimals. */

/**
 * Rounds half away from zero to `digits` decimals, exactly on the decimal text (so 1.005 -> 1.01,
 * which `Math.round(x * 100) / 100` gets wrong). Never returns -0. Only values within a hair of a
 * half take the slower exact path.
 */
export function roundTo(value: number, digits: number): number {
  const magnitude = Math.abs(value);
  const factor = 10 ** digits;
  const scaled = magnitude * factor;
  const floor = Math.floor(scaled);
  const fraction = scaled - floor;
  const rounded =
    Math.abs(fraction - 0.5) > 1e-6
      ? (fraction > 0.5 ? floor + 1 : floor) / factor
      : Number(`${Math.round(Number(`${magnitude}e${digits}`))}e-${digits}`);
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** Prices: cents. */
export const roundCents = (value: number): number => roundTo(value, 2);

/** Percentages: 2 decimals. */
export const roundPct = (value: number): number => roundTo(value, 2);
