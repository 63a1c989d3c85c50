import { useQueries } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { exactTitleQuery } from '../../../contract/card-query';
import type { HistoryData, HistoryPoint } from '../../../contract/resources';
import { CsvDownloadButton } from '../../components/csv-download-button';
import { CHART_HEIGHT } from '../../components/line-chart/chart-geometry';
import type { ChartRow } from '../../components/line-chart/chart-row';
import { IndexChart } from '../../components/line-chart/index-chart';
import { chartCsv } from '../../components/line-chart/index-csv';
import { IndexLegend } from '../../components/line-chart/index-legend';
import type { ChartSeries } from '../../components/line-chart/index-tooltip';
import { logSafeRows, yDomain } from '../../components/line-chart/index-transform';
import { seriesStyle } from '../../components/line-chart/series-style';
import { historyQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';
import type { CollectionItem } from '../../lib/collection/collection-item';
import { csvFileName } from '../../lib/csv-file';
import { formatInteger, formatUsd, formatUsdCompact, plural } from '../../lib/format';
import { useElementWidth } from '../../lib/use-element-width';
import { addDays, collectionWeeks, mondaysBetween, subtractMonths, toDayNumber } from './collection-history';

const PRESETS = { '1M': 1, '3M': 3, '6M': 6, '1Y': 12 } as const;
type Preset = keyof typeof PRESETS;
const SERIES: ChartSeries[] = [
  { key: 'value', name: 'Value (sum of medians)', ...seriesStyle(0) },
  { key: 'low', name: 'Sum of lows (p25)', ...seriesStyle(1), dash: '6 3' },
  { key: 'high', name: 'Sum of highs (p75)', ...seriesStyle(2), dash: '6 3' },
];
const FORMAT = { full: formatUsd, tick: formatUsdCompact };

/**
 * Each title's weekly series (in the titles' order) and how many answers are still awaited. The same
 * function every render: react-query then hands back the same `series` until an answer changes.
 */
function seriesOf(results: { data?: HistoryData | undefined; isPending: boolean; isError: boolean }[]) {
  return {
    series: results.map((result) => result.data?.series),
    pending: results.filter((result) => result.isPending && !result.isError).length,
  };
}

/** The weekly chart of the collection (collection-chart.tsx), loaded when it is asked for. */
export function MovedChart({ items, asOf }: { items: readonly CollectionItem[]; asOf: string }) {
  const api = useApiConnection();
  const ref = useRef<HTMLDivElement>(null);
  const width = useElementWidth(ref);
  const [preset, setPreset] = useState<Preset>('1Y');
  const [log, setLog] = useState(false);
  const yearFrom = addDays(asOf, -364);
  const titles = useMemo(() => [...new Set(items.map((item) => item.title))], [items]);
  const { series, pending } = useQueries({
    queries: titles.map((title) => ({
      ...historyQuery(api, { q: exactTitleQuery(title), interval: 'week', from: yearFrom, to: asOf }),
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnMount: false,
    })),
    combine: seriesOf,
  });
  const from = preset === '1Y' ? yearFrom : subtractMonths(asOf, PRESETS[preset]);
  // Carry prices in from the whole year (summed once per answer, not per render), then cut to the range shown.
  const year = useMemo(() => {
    const histories = new Map<string, readonly HistoryPoint[]>();
    titles.forEach((title, i) => {
      const points = series[i];
      if (points) histories.set(title, points);
    });
    return collectionWeeks(items, histories, mondaysBetween(yearFrom, asOf));
  }, [items, titles, series, yearFrom, asOf]);
  const weeks = year.filter((week) => addDays(week.period_start, 6) >= from);
  const rows: ChartRow[] = weeks.map((week) => ({
    date: week.period_start,
    t: toDayNumber(week.period_start),
    values: week.copies === 0 ? [null, null, null] : [week.value, week.low, week.high],
  }));
  const drawn = log ? logSafeRows(rows).rows : rows;
  const first = weeks[0];
  const last = weeks.at(-1);
  return (
    <>
      <fieldset className="collection-chart__controls">
        <legend className="visually-hidden">Chart options</legend>
        {(Object.keys(PRESETS) as Preset[]).map((name) => (
          <label key={name} className="checkbox">
            <input
              type="radio"
              name="collection-range"
              checked={preset === name}
              onChange={() => setPreset(name)}
            />
            {name}
          </label>
        ))}
        <label className="checkbox">
          <input type="checkbox" checked={log} onChange={(event) => setLog(event.target.checked)} />
          Log scale
        </label>
      </fieldset>
      <div ref={ref} className="collection-chart">
        {pending > 0 ? (
          <p className="card-page__note">
            Loading the history of {formatInteger(pending)} {plural(pending, 'card')}…
          </p>
        ) : width > 0 && rows.length > 0 ? (
          <IndexChart
            rows={drawn}
            shownRows={drawn}
            series={SERIES}
            scale={log ? 'log' : 'linear'}
            domain={yDomain(drawn, log ? 'log' : 'linear')}
            format={FORMAT}
            width={width}
            height={CHART_HEIGHT}
            title={`My collection's value per week, ${first?.period_start ?? ''} to ${last?.period_start ?? ''}`}
          />
        ) : null}
      </div>
      <IndexLegend series={SERIES} />
      <p className="card-page__note">
        Weeks from Monday, UTC. A card counts from its first sale in the year; a week without a sale keeps its
        last price.
        {last && last.copies < items.reduce((sum, item) => sum + item.quantity, 0)
          ? ` In the latest week ${formatInteger(last.copies)} copies have a price.`
          : ''}
      </p>
      <CsvDownloadButton
        fileName={csvFileName([
          'my-collection-weekly',
          first?.period_start ?? '',
          'to',
          last?.period_start ?? '',
        ])}
        makeCsv={() => chartCsv(['value', 'low', 'high'], rows)}
      />
    </>
  );
}
