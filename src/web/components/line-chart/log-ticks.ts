/**
 * The ticks of a log axis: every power of ten inside the domain (each decade shown is labelled),
 * plus 2x and 5x of each decade when the domain spans fewer than three powers of ten, so a narrow
 * log axis still has a few labels. Empty for a domain that is not positive.
 */
export function logTicks([min, max]: readonly [number, number]): number[] {
  if (!(min > 0) || !(max >= min)) return [];
  const low = Math.floor(Math.log10(min));
  const high = Math.ceil(Math.log10(max));
  const steps = high - low < 3 ? [1, 2, 5] : [1];
  const ticks: number[] = [];
  for (let power = low; power <= high; power += 1) {
    for (const step of steps) {
      // Written from the decimal text, so 10^-1 * 2 is 0.2, not 0.20000000000000004.
      const tick = Number(`${step}e${power}`);
      if (tick >= min && tick <= max) ticks.push(tick);
    }
  }
  return ticks;
}
