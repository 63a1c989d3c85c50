import { type KeyboardEvent, memo, type PointerEvent, useRef, useState } from 'react';
import type { ChartRow } from '../../components/line-chart/chart-row';
import type { ChartSeries } from '../../components/line-chart/index-tooltip';
import { linearScale, linePath, niceTicks, valueExtent } from '../../components/line-chart/line-scale';
import { formatDate } from '../../lib/format';
import {
  type BrushPart,
  type DayWindow,
  dayToX,
  dayWindowOf,
  keyStep,
  moveWindow,
  pixelsToDays,
  zoomOfWindow,
} from './brush-geometry';
import { type DateRange, fromDayNumber } from './index-dates';

export type IndexBrushProps = {
  rows: readonly ChartRow[];
  series: readonly ChartSeries[];
  /** The whole range the brush spans (the page's range). */
  range: DateRange;
  /** The zoomed window, or null for the whole range. */
  zoom: DateRange | null;
  width: number;
  leftInset: number;
  onZoom: (zoom: DateRange | null) => void;
};

export const BRUSH_HEIGHT = 56;
const RIGHT_INSET = 16;
const PAD = 4;
/** Far enough to reach either bound of any range: Home and End move a handle as far as it goes. */
const FAR = 1_000_000;

type Drag = { part: BrushPart; pointerId: number; startX: number; start: DayWindow; last: DayWindow };

/**
 * The whole range in miniature, with the zoomed window over it: drag a handle to move one end,
 * drag the window to pan, or focus a handle (a slider) and use the arrow, Page, Home and End keys.
 * Our own overlay rather than recharts' Brush: that one kept its handles in state of its own, so a
 * controlled window (the URL's zoom) snapped back to the whole range and a drag re-rendered it
 * from under the pointer. Here the window is the `zoom` prop (the URL), shown at once while a drag
 * runs; the zoom is reported as dates on every move (the page defers the URL write).
 */
export const IndexBrush = memo(function IndexBrush({
  rows,
  series,
  range,
  zoom,
  width,
  leftInset,
  onZoom,
}: IndexBrushProps) {
  const drag = useRef<Drag | null>(null);
  const [live, setLive] = useState<DayWindow | null>(null);
  if (rows.length < 3) return null;
  const whole = dayWindowOf(range);
  const current = live ?? dayWindowOf(zoom ?? range);
  const track = { left: leftInset, width: Math.max(1, width - leftInset - RIGHT_INSET) };
  const x1 = dayToX(current.from, whole, track) - track.left;
  const x2 = dayToX(current.to, whole, track) - track.left;
  // The miniature: every series over the whole range, in plain SVG (it was recharts: docs/dashboard.md).
  const x = linearScale([whole.from, whole.to], track.left, track.left + track.width);
  const y = linearScale(niceTicks(valueExtent(rows) ?? [0, 1]).domain, BRUSH_HEIGHT - PAD, PAD);

  const show = (next: DayWindow) => {
    setLive(next);
    onZoom(zoomOfWindow(next, whole));
  };
  const start = (part: BrushPart) => (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    if (part !== 'window') event.currentTarget.focus();
    drag.current = { part, pointerId: event.pointerId, startX: event.clientX, start: current, last: current };
  };
  const move = (event: PointerEvent<HTMLDivElement>) => {
    const active = drag.current;
    if (active === null || active.pointerId !== event.pointerId) return;
    const days = pixelsToDays(event.clientX - active.startX, whole, track);
    const next = moveWindow(active.start, active.part, days, whole);
    if (next.from === active.last.from && next.to === active.last.to) return;
    active.last = next;
    show(next);
  };
  const end = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    setLive(null);
  };
  const onKey = (part: 'from' | 'to') => (event: KeyboardEvent<HTMLDivElement>) => {
    const step = keyStep(event.key);
    if (step === null) return;
    event.preventDefault();
    const days = step === 'start' ? -FAR : step === 'end' ? FAR : step;
    const next = moveWindow(current, part, days, whole);
    onZoom(zoomOfWindow(next, whole));
  };
  const pointer = { onPointerMove: move, onPointerUp: end, onPointerCancel: end };
  const handle = (part: 'from' | 'to') => {
    const day = part === 'from' ? current.from : current.to;
    const label = part === 'from' ? 'Zoom start' : 'Zoom end';
    return (
      // A div with the slider role: an <input type="range"> cannot be one end of a two-ended window.
      <div
        role="slider"
        tabIndex={0}
        aria-label={label}
        aria-valuemin={part === 'from' ? whole.from : current.from}
        aria-valuemax={part === 'from' ? current.to : whole.to}
        aria-valuenow={day}
        aria-valuetext={formatDate(fromDayNumber(day))}
        title={`${label}: ${formatDate(fromDayNumber(day))}`}
        data-testid={`index-brush-${part}`}
        data-date={fromDayNumber(day)}
        className={`index-brush__handle index-brush__handle--${part}`}
        style={{ transform: `translateX(${part === 'from' ? x1 : x2}px)` }}
        onPointerDown={start(part)}
        onKeyDown={onKey(part)}
        {...pointer}
      />
    );
  };

  return (
    <div className="index-brush" data-testid="index-brush" style={{ width, height: BRUSH_HEIGHT }}>
      <svg
        width={width}
        height={BRUSH_HEIGHT}
        aria-hidden="true"
        focusable="false"
        className="index-brush__lines"
      >
        <g fill="none" strokeWidth={1}>
          {series.map((spec, index) => (
            <path key={spec.key} d={linePath(rows, index, x, y)} stroke={spec.color} />
          ))}
        </g>
      </svg>
      <div className="index-brush__track" style={{ left: track.left, width: track.width }}>
        <div className="index-brush__shade" style={{ left: 0, width: Math.max(0, x1) }} />
        <div className="index-brush__shade" style={{ left: x2, right: 0 }} />
        <div
          className="index-brush__window"
          data-testid="index-brush-window"
          title="Drag to move the zoomed window"
          style={{ left: x1, width: Math.max(0, x2 - x1) }}
          onPointerDown={start('window')}
          {...pointer}
        />
        {handle('from')}
        {handle('to')}
      </div>
    </div>
  );
});
