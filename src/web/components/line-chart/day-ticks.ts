/**
 * The x-axis ticks of the index chart: whole days at a step chosen so labels never collide, with
 * no label measured in the page.
 * Steps are whole days, weeks, or about one, two, three or six months, as wide apart as a label
 * needs (`minGapPx`).
 */
const STEPS = [1, 2, 7, 14, 30, 61, 91, 182, 365];

export function dayTicks(first: number, last: number, plotWidth: number, minGapPx = 84): number[] {
  if (!(last > first) || plotWidth <= 0) return Number.isFinite(first) ? [first] : [];
  const span = last - first;
  const fits = Math.max(1, Math.floor(plotWidth / minGapPx));
  const step = STEPS.find((candidate) => span / candidate <= fits) ?? Math.ceil(span / fits);
  const ticks: number[] = [];
  for (let day = first; day <= last; day += step) ticks.push(day);
  return ticks;
}
