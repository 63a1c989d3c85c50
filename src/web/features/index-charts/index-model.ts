import type { ChartRow } from '../../components/line-chart/chart-row';
import {
  logSafeRows,
  type RebaseBase,
  rebaseRows,
  yDomain,
} from '../../components/line-chart/index-transform';
import { clampRange, type DateRange, earlierDate, laterDate, presetRange } from './index-dates';
import type { SeriesSpec } from './index-request-plan';
import { assembleRows, coverageOf, type PointsByDate, type SeriesCoverage, sliceRows } from './index-series';
import type { IndexView } from './index-view';
import { downsampleRows } from './lttb';

/**
 * Everything the chart, its brush, its notes and its CSV show, computed once from the API's points
 * and the view: range -> rows (gaps as nulls) -> zoom window -> rebased at its first day (compare: the
 * title's "start = 100" is the first day shown, in the chart and the CSV alike) -> log-safe -> LTTB
 * to the plot's pixel width. `shownRows` is every day shown (the CSV); `drawnRows` the thinned rows
 * the lines are drawn through.
 */
export type ChartModel = {
  range: DateRange;
  zoom: DateRange | null;
  shownRows: ChartRow[];
  drawnRows: ChartRow[];
  overviewRows: ChartRow[];
  coverage: SeriesCoverage[];
  bases: RebaseBase[] | null;
  hiddenOnLog: number;
  domain: [number, number] | ['auto', 'auto'];
};

export type ModelInput = {
  series: readonly SeriesSpec[];
  points: ReadonlyMap<string, PointsByDate>;
  view: IndexView;
  latest: string;
  plotWidth: number;
};

export function rangeOf(view: IndexView, latest: string): DateRange {
  return view.range.kind === 'preset'
    ? presetRange(view.range.preset, latest)
    : clampRange(view.range, latest);
}

/** The brush's window, kept inside the range; null when it covers the whole range. */
export function zoomWithin(zoom: IndexView['zoom'], range: DateRange): DateRange | null {
  if (zoom === null) return null;
  const from = laterDate(zoom.from, range.from);
  const to = earlierDate(zoom.to, range.to);
  if (from > to || (from === range.from && to === range.to)) return null;
  return { from, to };
}

export function buildChartModel({ series, points, view, latest, plotWidth }: ModelInput): ChartModel {
  const range = rangeOf(view, latest);
  const rows = assembleRows(series, points, view.metric, range);
  const zoom = zoomWithin(view.zoom, range);
  const window = sliceRows(rows, zoom);
  const rebased = view.compare ? rebaseRows(window, series.length) : null;
  const shownRows = rebased?.rows ?? window;
  // The brush's overview shows the whole range, rebased at its own start.
  const plotted = view.compare ? rebaseRows(rows, series.length).rows : rows;
  const drawable = view.scale === 'log' ? logSafeRows(shownRows) : { rows: shownRows, hidden: 0 };
  const overview = view.scale === 'log' ? logSafeRows(plotted).rows : plotted;
  const threshold = Math.max(3, Math.floor(plotWidth));
  return {
    range,
    zoom,
    shownRows,
    drawnRows: downsampleRows(drawable.rows, threshold),
    overviewRows: downsampleRows(overview, threshold),
    coverage: coverageOf(sliceRows(rows, zoom), series.length),
    bases: rebased?.bases ?? null,
    hiddenOnLog: drawable.hidden,
    domain: yDomain(drawable.rows, view.scale),
  };
}
