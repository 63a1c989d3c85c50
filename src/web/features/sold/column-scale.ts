/**
 * The value axis of the sold page's small column charts: from 0 to a round top (1, 2, 2.5 or 5
 * times a power of ten) at or above the largest value, with ticks at 0, half and the top. Pure, so
 * the charts are plain HTML sized in percent: no chart library, no text measured in the page.
 */
export type ColumnScale = { top: number; ticks: number[] };

const STEPS = [1, 2, 2.5, 5, 10];

export function niceTop(max: number): number {
  if (!(max > 0) || !Number.isFinite(max)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = STEPS.find((candidate) => candidate * power >= max) ?? 10;
  return step * power;
}

export function columnScale(values: readonly (number | null)[]): ColumnScale {
  const max = Math.max(0, ...values.filter((value): value is number => value !== null));
  const top = niceTop(max);
  return { top, ticks: [0, top / 2, top] };
}

/** A value's height in percent of the plot (0 for none). */
export const heightOf = (value: number | null, scale: ColumnScale): number =>
  value === null || !(value > 0) ? 0 : Math.min(100, (value / scale.top) * 100);
