import { describe, expect, it } from 'vitest';
import { dayToX, dayWindowOf, keyStep, moveWindow, pixelsToDays, zoomOfWindow } from './brush-geometry';

const range = dayWindowOf({ from: '2026-06-01', to: '2026-06-30' }); // 29 days across
const track = { left: 92, width: 290 }; // 10 px a day

describe('brush geometry', () => {
  it('lays the range over the track, first day left, last day right', () => {
    expect(dayToX(range.from, range, track)).toBe(92);
    expect(dayToX(range.to, range, track)).toBe(382);
    expect(dayToX(range.from + 10, range, track)).toBe(192);
    expect(pixelsToDays(100, range, track)).toBe(10);
  });

  it('a handle drag moves its end only, within the range and never past the other end', () => {
    expect(moveWindow(range, 'from', 10.4, range)).toEqual({ from: range.from + 10, to: range.to });
    expect(moveWindow(range, 'from', -5, range)).toEqual(range);
    expect(moveWindow(range, 'from', 100, range)).toEqual({ from: range.to - 1, to: range.to });
    expect(moveWindow(range, 'to', -3, range)).toEqual({ from: range.from, to: range.to - 3 });
  });

  it('a window drag pans both ends by the same days and stops at the bounds', () => {
    const window = { from: range.from + 5, to: range.from + 15 };
    expect(moveWindow(window, 'window', 4, range)).toEqual({ from: range.from + 9, to: range.from + 19 });
    expect(moveWindow(window, 'window', -50, range)).toEqual({ from: range.from, to: range.from + 10 });
    expect(moveWindow(window, 'window', 50, range)).toEqual({ from: range.to - 10, to: range.to });
  });

  it('the whole range is no zoom; anything narrower is its dates', () => {
    expect(zoomOfWindow(range, range)).toBeNull();
    expect(zoomOfWindow({ from: range.from + 1, to: range.to }, range)).toEqual({
      from: '2026-06-02',
      to: '2026-06-30',
    });
  });

  it('keys: arrows a day, Page keys a week, Home and End to the bounds', () => {
    expect([keyStep('ArrowLeft'), keyStep('ArrowUp'), keyStep('PageDown'), keyStep('End')]).toEqual([
      -1,
      1,
      -7,
      'end',
    ]);
    expect(keyStep('a')).toBeNull();
  });
});
