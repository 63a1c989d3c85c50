/** Fewest labelled ticks an axis shows, however narrow its span. */
const MIN_TICKS = 3;

/**
 * The ticks of a log axis: every power of ten inside the domain (each decade shown is labelled),
 * plus 2x and 5x of each decade when the domain spans fewer than three powers of ten. A span too
 * narrow for three of those ($60 to $119 holds only 100) gets evenly spaced ticks instead, at the
 * widest 1-2-5 step (1, 2, 5, 10, 20, ...) that puts at least three inside it. Empty for a domain
 * that is not positive.
 */
export function logTicks([min, max]: readonly [number, number]): number[] {
  if (!(min > 0) || !(max >= min)) return [];
  const low = Math.floor(Math.log10(min));
  const high = Math.ceil(Math.log10(max));
  const steps = high - low < 3 ? [1, 2, 5] : [1];
  const ticks: number[] = [];
  for (let power = low; power <= high; power += 1) {
    for (const step of steps) {
      const tick = decimal(step, power);
      if (tick >= min && tick <= max) ticks.push(tick);
    }
  }
  return ticks.length >= MIN_TICKS || max === min ? ticks : evenTicks(min, max);
}

/** step x 10^power written from its decimal text, so 2 x 10^-1 is 0.2, not 0.20000000000000004. */
const decimal = (step: number, power: number) => Number(`${step}e${power}`);

/** Multiples of the widest 1-2-5 step with at least MIN_TICKS of them in [min, max]. */
function evenTicks(min: number, max: number): number[] {
  for (let power = Math.ceil(Math.log10(max - min)); ; power -= 1) {
    for (const step of [5, 2, 1]) {
      const size = decimal(step, power);
      const first = Math.ceil(min / size);
      const last = Math.floor(max / size);
      if (last - first + 1 >= MIN_TICKS) {
        const ticks: number[] = [];
        for (let k = first; k <= last; k += 1) ticks.push(power < 0 ? decimal(k * step, power) : k * size);
        return ticks;
      }
    }
  }
}
