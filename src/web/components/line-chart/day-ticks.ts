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

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The ticks' labels, day first ("24 Nov"), so a day is never read as a year ("Nov 24"); the first
 * tick and the first of each new year carry the year ("24 Nov 2025"). Ticks are days since 1970 (UTC).
 */
export function dayTickLabels(ticks: readonly number[]): string[] {
  let year: number | null = null;
  return ticks.map((tick) => {
    const date = new Date(tick * 86_400_000);
    const label = `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
    if (date.getUTCFullYear() === year) return label;
    year = date.getUTCFullYear();
    return `${label} ${year}`;
  });
}
