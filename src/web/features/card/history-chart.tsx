import { type KeyboardEvent, type PointerEvent, useState } from 'react';
import type { HistoryPoint } from '../../../contract/resources';
import { formatDate, formatInteger, formatUsd, formatUsdCompact, plural } from '../../lib/format';
import { type GradeLine, lineColour, periodsOf, priceScale } from './history-model';

const HEIGHT = 260;
const MARGIN = { left: 56, right: 12, top: 10, bottom: 24 };

/**
 * A card's price history: per grade, a line of the period medians over its p25-p75 band, on a
 * linear or log price scale. Pure: fed by props (the lines, the width). Hovering (or focusing) a
 * period shows its read-out: each grade's median, range and sales.
 */
export function HistoryChart({
  lines,
  series,
  width,
  log,
}: {
  lines: readonly GradeLine[];
  series: readonly HistoryPoint[];
  width: number;
  log: boolean;
}) {
  const [active, setActive] = useState<string | null>(null);
  const periods = periodsOf(series);
  const plotWidth = Math.max(120, width - MARGIN.left - MARGIN.right);
  const min = Math.min(...series.map((point) => point.low));
  const max = Math.max(...series.map((point) => point.high));
  const { y, ticks } = priceScale(min, max, HEIGHT, log);
  const step = periods.length > 1 ? plotWidth / (periods.length - 1) : 0;
  const xOf = new Map(periods.map((period, i) => [period, periods.length > 1 ? i * step : plotWidth / 2]));
  const x = (period: string) => xOf.get(period) ?? 0;
  const shown = active ?? periods[periods.length - 1] ?? null;
  const readout = series.filter((point) => point.period_start === shown);
  const periodAt = (offsetX: number) => {
    const i = periods.length <= 1 ? 0 : Math.round((offsetX - MARGIN.left) / step);
    return periods[Math.min(periods.length - 1, Math.max(0, i))] ?? null;
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    setActive(periodAt(event.clientX - event.currentTarget.getBoundingClientRect().left));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    const edge = event.key === 'Home' ? 0 : event.key === 'End' ? periods.length - 1 : null;
    if (move === undefined && edge === null) return;
    event.preventDefault();
    const current = shown === null ? periods.length - 1 : periods.indexOf(shown);
    const next = edge ?? Math.min(periods.length - 1, Math.max(0, current + (move ?? 0)));
    setActive(periods[next] ?? null);
  };
  return (
    <figure className="history-chart">
      {/* A slider role, as the index chart's hover layer: pointer or arrow keys pick the period read out. */}
      <div
        className="history-chart__plot"
        role="slider"
        tabIndex={0}
        aria-label="Read the history period by period (arrow keys)"
        aria-valuemin={0}
        aria-valuemax={Math.max(0, periods.length - 1)}
        aria-valuenow={shown === null ? 0 : periods.indexOf(shown)}
        aria-valuetext={shown ?? 'No period'}
        data-plot-left={MARGIN.left}
        data-step={step}
        data-periods={periods.length}
        onPointerMove={onPointerMove}
        onPointerLeave={() => setActive(null)}
        onKeyDown={onKeyDown}
      >
        <svg
          width={plotWidth + MARGIN.left + MARGIN.right}
          height={HEIGHT + MARGIN.top + MARGIN.bottom}
          role="img"
          aria-label={`Median sale price per ${periods.length > 1 ? 'period' : 'period'} and grade, ${log ? 'log' : 'linear'} scale`}
        >
          <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
            {ticks.map((tick) => (
              <g key={tick} transform={`translate(0,${y(tick)})`}>
                <line x2={plotWidth} className="history-chart__grid" />
                <text x={-6} dy="0.32em" textAnchor="end" className="history-chart__tick">
                  {formatUsdCompact(tick)}
                </text>
              </g>
            ))}
            {lines.map((line, i) => {
              const colour = lineColour(i);
              const band = [
                ...line.points.map((p) => `${x(p.period_start)},${y(p.high)}`),
                ...[...line.points].reverse().map((p) => `${x(p.period_start)},${y(p.low)}`),
              ].join(' ');
              const path = line.points.map((p) => `${x(p.period_start)},${y(p.median)}`).join(' ');
              return (
                <g key={line.grade} data-grade={line.grade}>
                  <polygon points={band} fill={colour} opacity={0.15} />
                  <polyline points={path} fill="none" stroke={colour} strokeWidth={2} />
                  {line.points.map((p) => (
                    <circle
                      key={p.period_start}
                      cx={x(p.period_start)}
                      cy={y(p.median)}
                      r={2.5}
                      fill={colour}
                    />
                  ))}
                </g>
              );
            })}
            {shown !== null ? (
              <line className="history-chart__cursor" x1={x(shown)} x2={x(shown)} y2={HEIGHT} />
            ) : null}
            {periods.length > 0 ? (
              <>
                <text y={HEIGHT + 16} className="history-chart__tick">
                  {formatDate(periods[0] as string)}
                </text>
                <text x={plotWidth} y={HEIGHT + 16} textAnchor="end" className="history-chart__tick">
                  {formatDate(periods[periods.length - 1] as string)}
                </text>
              </>
            ) : null}
          </g>
        </svg>
      </div>
      <figcaption className="history-chart__readout" data-testid="history-readout" aria-live="polite">
        {shown === null ? null : (
          <>
            <strong data-testid="history-readout-period">{shown}</strong>
            <ul>
              {readout.map((point) => (
                <li key={point.grade} data-testid="history-readout-row" data-grade={point.grade}>
                  {point.grade}: median{' '}
                  <span data-testid="history-readout-median">{formatUsd(point.median)}</span>, p25-p75{' '}
                  {formatUsd(point.low)}-{formatUsd(point.high)}, {formatInteger(point.sales)}{' '}
                  {plural(point.sales, 'sale')}
                </li>
              ))}
            </ul>
          </>
        )}
      </figcaption>
      <ul className="history-chart__legend">
        {lines.map((line, i) => (
          <li key={line.grade}>
            <span className="history-chart__swatch" style={{ background: lineColour(i) }} />
            {line.grade}
          </li>
        ))}
      </ul>
    </figure>
  );
}
