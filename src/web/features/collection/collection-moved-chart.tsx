import { useQueries } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { exactTitleQuery } from '../../../contract/card-query';
import { isCategory } from '../../../contract/categories';
import type { CardsData, HistoryData, HistoryPoint, SalesIndexData } from '../../../contract/resources';
import { CsvDownloadButton } from '../../components/csv-download-button';
import { CHART_HEIGHT } from '../../components/line-chart/chart-geometry';
import type { ChartRow } from '../../components/line-chart/chart-row';
import { IndexChart } from '../../components/line-chart/index-chart';
import { chartCsv } from '../../components/line-chart/index-csv';
import { IndexLegend } from '../../components/line-chart/index-legend';
import type { ChartSeries } from '../../components/line-chart/index-tooltip';
import { logSafeRows, yDomain } from '../../components/line-chart/index-transform';
import { seriesStyle } from '../../components/line-chart/series-style';
import { cardsQuery, historyQuery, salesIndexQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';
import { csvFileName } from '../../lib/csv-file';
import { formatInteger, formatUsd, formatUsdCompact, plural } from '../../lib/format';
import { useElementWidth } from '../../lib/use-element-width';
import {
  addDays,
  collectionWeeks,
  type IndexLevel,
  type MovedLine,
  mondaysBetween,
  subtractMonths,
  toDayNumber,
} from './collection-history';

const PRESETS = { '1M': 1, '3M': 3, '6M': 6, '1Y': 12 } as const;
type Preset = keyof typeof PRESETS;
const SERIES: ChartSeries[] = [{ key: 'value', name: 'Collection value per week', ...seriesStyle(0) }];
const FORMAT = { full: formatUsd, tick: formatUsdCompact };

type Answer<T> = { data?: T | undefined; isPending: boolean; isError: boolean };
const waiting = (results: Answer<unknown>[]) =>
  results.filter((result) => result.isPending && !result.isError).length;

/**
 * Each title's weekly series and its card (for its label), in the titles' order. The same function
 * every render: react-query then hands back the same arrays until an answer changes.
 */
function historiesOf(results: Answer<HistoryData>[]) {
  return { series: results.map((result) => result.data?.series), pending: waiting(results) };
}
function cardsOf(results: Answer<CardsData>[]) {
  return { cards: results.map((result) => result.data?.cards[0]), pending: waiting(results) };
}
function indexesOf(results: Answer<SalesIndexData>[]) {
  return { indexes: results.map((result) => result.data?.series), pending: waiting(results) };
}

const labelKey = (card: { category: string; label: string }) => `${card.category}\n${card.label}`;

/**
 * The weekly chart of the collection (collection-chart.tsx), loaded when it is asked for: per title
 * its weekly history and its card (for its label), per label its sales index.
 */
export function MovedChart({ lines, asOf }: { lines: readonly MovedLine[]; asOf: string }) {
  const api = useApiConnection();
  const ref = useRef<HTMLDivElement>(null);
  const width = useElementWidth(ref);
  const [preset, setPreset] = useState<Preset>('1Y');
  const [log, setLog] = useState(false);
  const yearFrom = addDays(asOf, -364);
  const linesKey = lines
    .map((line) => `${line.title}\n${line.grade}\n${line.quantity}\n${line.worth}`)
    .join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the lines as they are, by their figures
  const stableLines = useMemo(() => lines, [linesKey]);
  const titles = useMemo(() => [...new Set(stableLines.map((line) => line.title))], [stableLines]);
  const histories = useQueries({
    queries: titles.map((title) => ({
      ...historyQuery(api, { q: exactTitleQuery(title), interval: 'week', from: yearFrom, to: asOf }),
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnMount: false,
    })),
    combine: historiesOf,
  });
  const cards = useQueries({
    queries: titles.map((title) => cardsQuery(api, { q: exactTitleQuery(title), limit: 1 })),
    combine: cardsOf,
  });
  const labels = useMemo(() => {
    const seen = new Map<string, { category: string; label: string }>();
    for (const card of cards.cards) if (card) seen.set(labelKey(card), card);
    return [...seen.values()];
  }, [cards.cards]);
  const indexes = useQueries({
    queries: labels.map((card) => ({
      ...salesIndexQuery(api, {
        category: isCategory(card.category) ? card.category : undefined,
        label: card.label,
      }),
      retry: false,
    })),
    combine: indexesOf,
  });
  const from = preset === '1Y' ? yearFrom : subtractMonths(asOf, PRESETS[preset]);
  // Valued over the whole year (once per answer, not per render), then cut to the range shown.
  const year = useMemo(() => {
    const byTitle = new Map<string, readonly HistoryPoint[]>();
    const indexByTitle = new Map<string, readonly IndexLevel[]>();
    titles.forEach((title, i) => {
      const points = histories.series[i];
      if (points) byTitle.set(title, points);
      const card = cards.cards[i];
      const levels = card
        ? indexes.indexes[labels.findIndex((l) => labelKey(l) === labelKey(card))]
        : undefined;
      if (levels && levels.length > 0) indexByTitle.set(title, levels);
    });
    return {
      moved: collectionWeeks(stableLines, byTitle, indexByTitle, mondaysBetween(yearFrom, asOf)),
      indexByTitle,
    };
  }, [stableLines, titles, histories.series, cards.cards, labels, indexes.indexes, yearFrom, asOf]);
  const pending = histories.pending + cards.pending + indexes.pending;
  const shown = year.moved.weeks
    .map((week, i) => ({ week, i }))
    .filter(({ week }) => addDays(week.period_start, 6) >= from);
  const rows: ChartRow[] = shown.map(({ week }) => ({
    date: week.period_start,
    t: toDayNumber(week.period_start),
    values: [week.value],
  }));
  const drawn = log ? logSafeRows(rows).rows : rows;
  const first = shown[0]?.week;
  const last = shown.at(-1)?.week;
  const flat = titles.filter((title) => !year.indexByTitle.has(title));
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
            Loading the history of {formatInteger(titles.length)} {plural(titles.length, 'card')} and their
            labels’ sales indexes…
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
      <p className="card-page__note" data-testid="moved-note">
        Weeks from Monday, UTC. Every card counts in every week: at its grade’s median in a week it sold,
        otherwise at its nearest week with a sale moved along its label’s sales index (what like-for-like
        prices of that set or line did), so a card’s first sale is never a gain. The last week is the total
        above.
        {pending === 0 && flat.length > 0
          ? ` No sales index for ${flat.join(', ')}: carried at a flat level.`
          : ''}
      </p>
      <CsvDownloadButton
        fileName={csvFileName([
          'my-collection-weekly',
          first?.period_start ?? '',
          'to',
          last?.period_start ?? '',
        ])}
        makeCsv={() =>
          chartCsv(
            [
              'value',
              ...year.moved.lines.map(({ line }) => `${line.title} (${line.grade}) x ${line.quantity}`),
            ],
            shown.map(({ week, i }) => ({
              date: week.period_start,
              t: toDayNumber(week.period_start),
              values: [week.value, ...year.moved.lines.map(({ values }) => values[i] ?? null)],
            })),
          )
        }
      />
    </>
  );
}
