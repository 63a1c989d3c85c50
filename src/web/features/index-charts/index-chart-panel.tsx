import { CHART_HEIGHT, CHART_MARGIN, Y_AXIS_WIDTH } from './chart-geometry';
import { IndexBrush } from './index-brush';
import { IndexChart } from './index-chart';
import type { DateRange } from './index-dates';
import type { ChartModel } from './index-model';
import type { ChartSeries } from './index-tooltip';
import type { ValueFormat } from './metric-format';

/**
 * The recharts part of the index page, in its own chunk (the page loads it lazily): the lines and
 * the brush under them. Pure: everything comes from the chart model.
 */
export type IndexChartPanelProps = {
  model: ChartModel;
  series: readonly ChartSeries[];
  scale: 'linear' | 'log';
  format: ValueFormat;
  width: number;
  title: string;
  onZoom: (zoom: DateRange | null) => void;
};

/**
 * A new brush for rows of another length or span (a range preset, a cleared From date). recharts'
 * Brush keeps a scale of the previous rows for one render: a controlled end index past their end
 * (1M -> 3M: index 91 of 31 rows) placed its handles at NaN, and the browser logged `<rect>
 * attribute x: Expected length, "NaN"`. A remount starts the brush from the new rows.
 */
export const brushKey = (rows: readonly { date: string }[]): string =>
  `${rows.length}:${rows[0]?.date ?? ''}:${rows.at(-1)?.date ?? ''}`;

export function IndexChartPanel({
  model,
  series,
  scale,
  format,
  width,
  title,
  onZoom,
}: IndexChartPanelProps) {
  return (
    <>
      <IndexChart
        rows={model.drawnRows}
        shownRows={model.shownRows}
        series={series}
        scale={scale}
        domain={model.domain}
        format={format}
        width={width}
        height={CHART_HEIGHT}
        title={title}
      />
      <IndexBrush
        key={brushKey(model.overviewRows)}
        rows={model.overviewRows}
        series={series}
        zoom={model.zoom}
        width={width}
        leftInset={CHART_MARGIN.left + Y_AXIS_WIDTH}
        onZoom={onZoom}
      />
    </>
  );
}
