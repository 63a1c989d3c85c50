import { useCallback, useMemo, useRef } from 'react';
import { INDEX_START_DATE } from '../../../contract/param-limits';
import { CsvDownloadButton } from '../../components/csv-download-button';
import { plotWidthOf } from '../../components/line-chart/chart-geometry';
import { chartCsv, indexCsvName } from '../../components/line-chart/index-csv';
import { IndexLegend } from '../../components/line-chart/index-legend';
import type { ChartSeries } from '../../components/line-chart/index-tooltip';
import { seriesStyle } from '../../components/line-chart/series-style';
import { QueryState } from '../../components/query-state/query-state';
import { UrlProblems } from '../../components/url-problems';
import { formatDate } from '../../lib/format';
import { type SetViewOptions, useUrlState } from '../../lib/url-state/use-url-state';
import { useElementWidth } from '../../lib/use-element-width';
import { usePageTitle } from '../../lib/use-page-title';
import { IndexChartPanel } from './index-chart-panel';
import { IndexControls } from './index-controls';
import type { DateRange } from './index-dates';
import { buildChartModel } from './index-model';
import { seriesOfView } from './index-request-plan';
import { INDEX_URL, type IndexView } from './index-view';
import { LabelPicker, LabelSearchStart } from './label-picker';
import { METRIC_LABELS, valueFormat } from './metric-format';
import { RequestCost } from './request-cost';
import { SeriesNotes } from './series-notes';
import { useIndexData } from './use-index-data';
import './index-charts.css';

/** `/index`: the daily index of categories, or of labels of one category, from 2026-05-29. */
export function IndexPage() {
  usePageTitle('Index charts');
  const { view, problems, setView } = useUrlState(INDEX_URL);
  // Stable while the categories and labels stay (useUrlState shares unchanged parts of the view).
  const { categories, labels } = view;
  const series = useMemo(() => seriesOfView({ categories, labels }), [categories, labels]);
  const data = useIndexData(series, view.metric);
  const [firstCategory] = categories;

  return (
    <section aria-labelledby="page-title" className="page index-page">
      <header className="page__header">
        <h1 id="page-title">Index charts</h1>
        <p className="page__meta">
          {view.metric === 'sales_index' ? 'Weekly sales index' : 'Daily listing index'} from{' '}
          {formatDate(INDEX_START_DATE)}
          {/* The end date arrives with the data: until then a hidden stand-in of the same length holds
              its place, so the sentence wraps as it will at every width and nothing below moves. */}
          {data.latest ? (
            ` to ${formatDate(data.latest)}.`
          ) : (
            <span className="text-reserve" aria-hidden="true">
              {` to ${formatDate(INDEX_START_DATE)}.`}
            </span>
          )}
        </p>
      </header>
      <UrlProblems problems={problems} />
      <IndexControls view={view} latest={data.latest} onChange={setView} />
      {view.labels.length > 0 && firstCategory !== undefined ? (
        <LabelPicker
          category={firstCategory}
          labels={view.labels}
          onLabels={(next) => setView({ ...view, labels: next, zoom: null })}
          onBackToCategories={() => setView({ ...view, labels: [], zoom: null })}
        />
      ) : (
        <LabelSearchStart
          categories={view.categories}
          onStart={(category, label) =>
            setView({ ...view, categories: [category], labels: [label], zoom: null })
          }
        />
      )}
      <QueryState
        result={data.state}
        label="the index"
        skeleton="chart"
        isEmpty={() => data.latest === null}
        emptyTitle="No index data for these series"
        emptyHint="The API has no daily rows for them yet."
      >
        {() => <IndexChartArea view={view} data={data} series={series} onChange={setView} />}
      </QueryState>
      <RequestCost
        plan={data.plan}
        names={new Map(series.map((spec) => [spec.key, spec.name]))}
        requests={data.requests.map((options) => options.queryKey[1])}
        results={data.results}
        seriesCount={series.length}
      />
    </section>
  );
}

type ChartAreaProps = {
  view: IndexView;
  data: ReturnType<typeof useIndexData>;
  series: ReturnType<typeof seriesOfView>;
  onChange: (view: IndexView, options?: SetViewOptions) => void;
};

function IndexChartArea({ view, data, series, onChange }: ChartAreaProps) {
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box);
  const latest = data.latest ?? INDEX_START_DATE;
  const model = useMemo(
    () => buildChartModel({ series, points: data.points, view, latest, plotWidth: plotWidthOf(width) }),
    [series, data.points, view, latest, width],
  );
  const chartSeries: ChartSeries[] = useMemo(
    () =>
      series.map((spec, index) => ({
        key: spec.key,
        name: spec.name,
        ...seriesStyle(index, spec.label === null ? spec.category : undefined),
      })),
    [series],
  );
  const format = useMemo(() => valueFormat(view.metric, view.compare), [view.metric, view.compare]);
  const onZoom = useCallback(
    (zoom: DateRange | null) => onChange({ ...view, zoom }, { defer: true }),
    [onChange, view],
  );
  const shown = model.zoom ?? model.range;
  const title = `${METRIC_LABELS[view.metric]}${view.compare ? ', rebased to 100' : ''} (${format.unit}), ${formatDate(shown.from)} to ${formatDate(shown.to)}`;
  const names = series.map((spec) => spec.name);

  return (
    <div className="panel index-page__chart">
      <div className="panel__header">
        <h2 className="index-page__title">{title}</h2>
        <div className="button-row">
          {model.zoom ? (
            <button type="button" className="button button--small" onClick={() => onZoom(null)}>
              Reset zoom
            </button>
          ) : null}
          <CsvDownloadButton
            fileName={indexCsvName({ metric: view.metric, compare: view.compare, series: names, ...shown })}
            makeCsv={() => chartCsv(names, model.shownRows)}
          />
        </div>
      </div>
      <IndexLegend series={chartSeries} />
      <div ref={box} className="index-page__canvas">
        {width > 0 ? (
          <IndexChartPanel
            model={model}
            series={chartSeries}
            scale={view.scale}
            format={format}
            width={width}
            title={title}
            onZoom={onZoom}
          />
        ) : null}
      </div>
      <SeriesNotes
        names={names}
        coverage={model.coverage}
        bases={model.bases}
        rangeFrom={model.range.from}
        hiddenOnLog={model.hiddenOnLog}
      />
      {model.drawnRows.length < model.shownRows.length ? (
        <p className="page__meta">
          Drawn with {model.drawnRows.length} of {model.shownRows.length} days (LTTB, to fit the chart's
          width); the tooltip and the CSV hold every day.
        </p>
      ) : null}
    </div>
  );
}
