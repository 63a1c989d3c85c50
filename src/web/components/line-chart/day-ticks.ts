/**
 * The x-axis ticks of the index chart, chosen here rather than by recharts: given explicit ticks
 * and `interval={0}`, recharts draws them without measuring each label in the page (it measured
 * every candidate with getBoundingClientRect, a forced layout each, about 40 ms of a 200 ms task).
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
