import { type DateRange, fromDayNumber, toDayNumber } from './index-dates';

/**
 * The brush's arithmetic, pure so it is tested without a browser: a day axis laid over a pixel
 * track, and what a drag of a handle (or of the whole window) or a key press makes of the window.
 * Windows are whole days; a drag is measured from where it started (not summed move by move), so
 * rounding never drifts and a handle stays under the pointer.
 */
export type Track = { left: number; width: number };
export type DayWindow = { from: number; to: number };
export type BrushPart = 'from' | 'to' | 'window';

/** The narrowest window a drag can make: two days, so the zoomed chart still draws a line. */
export const MIN_SPAN_DAYS = 1;

export const dayWindowOf = (range: DateRange): DayWindow => ({
  from: toDayNumber(range.from),
  to: toDayNumber(range.to),
});

/** The x of a day on the track (the range's first day at its left edge, its last at its right). */
export function dayToX(day: number, range: DayWindow, track: Track): number {
  const span = range.to - range.from;
  if (span <= 0) return track.left;
  return track.left + ((day - range.from) / span) * track.width;
}

/** How many days `px` pixels stand for on this track (fractional). */
export function pixelsToDays(px: number, range: DayWindow, track: Track): number {
  return track.width <= 0 ? 0 : (px * (range.to - range.from)) / track.width;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The window after moving `part` by `days` from `start`, kept inside `range` and at least MIN_SPAN_DAYS wide. */
export function moveWindow(start: DayWindow, part: BrushPart, days: number, range: DayWindow): DayWindow {
  const delta = Math.round(days);
  const minSpan = Math.min(MIN_SPAN_DAYS, range.to - range.from);
  if (part === 'from') {
    return { from: clamp(start.from + delta, range.from, start.to - minSpan), to: start.to };
  }
  if (part === 'to') {
    return { from: start.from, to: clamp(start.to + delta, start.from + minSpan, range.to) };
  }
  const shift = clamp(delta, range.from - start.from, range.to - start.to);
  return { from: start.from + shift, to: start.to + shift };
}

/** The zoom a window stands for: null when it covers the whole range (no zoom in the URL). */
export function zoomOfWindow(window: DayWindow, range: DayWindow): DateRange | null {
  if (window.from <= range.from && window.to >= range.to) return null;
  return { from: fromDayNumber(window.from), to: fromDayNumber(window.to) };
}

/** Days a key moves a handle (or the window): arrows one day, Page keys a week; Home/End to the bound. */
export function keyStep(key: string): number | 'start' | 'end' | null {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return -1;
    case 'ArrowRight':
    case 'ArrowUp':
      return 1;
    case 'PageDown':
      return -7;
    case 'PageUp':
      return 7;
    case 'Home':
      return 'start';
    case 'End':
      return 'end';
    default:
      return null;
  }
}
