import { CHART_HEIGHT, CHART_MARGIN, Y_AXIS_WIDTH } from '../../components/line-chart/chart-geometry';
import { IndexChart } from '../../components/line-chart/index-chart';
import type { ChartSeries } from '../../components/line-chart/index-tooltip';
import { IndexBrush } from './index-brush';
import type { DateRange } from './index-dates';
import type { ChartModel } from './index-model';
import type { ValueFormat } from './metric-format';

/** The chart of the index page: the lines and the brush under them. Pure: everything comes from the chart model. */
export type IndexChartPanelProps = {
  model: ChartModel;
  series: readonly ChartSeries[];
  scale: 'linear' | 'log';
  format: ValueFormat;
  width: number;
  title: string;
  onZoom: (zoom: DateRange | null) => void;
};

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
        rows={model.overviewRows}
        range={model.range}
        series={series}
        zoom={model.zoom}
        width={width}
        leftInset={CHART_MARGIN.left + Y_AXIS_WIDTH}
        onZoom={onZoom}
      />
    </>
  );
}
