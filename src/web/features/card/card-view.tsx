import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useRef } from 'react';
import { Link } from 'react-router';
import { RAW_GRADE } from '../../../contract/grades';
import type { EnrichedValueData, GradeValue } from '../../../contract/resources';
import { CsvDownloadButton } from '../../components/csv-download-button';
import { QueryState } from '../../components/query-state/query-state';
import { BuyScoreGauge } from '../../components/value/buy-score-gauge';
import { explainScore } from '../../components/value/score-breakdown';
import { ScoreContributions } from '../../components/value/score-contributions';
import { ValueHeadline } from '../../components/value/value-headline';
import { enrichedValueNote } from '../../components/value/value-notes';
import { enrichedValueQuery, historyQuery, indexDocumentQuery, valueQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';
import { formatDate, formatInteger, formatUsd, plural } from '../../lib/format';
import { useElementWidth } from '../../lib/use-element-width';
import { CARD_URL, type CardView, cardQuery, HISTORY_RANGES, HISTORY_SCALES } from './card-url';
import { GradingPanel } from './grading-panel';
import { HistoryChart } from './history-chart';
import { gradeLines, historyCsv, historyCsvName, historyRange } from './history-model';
import {
  LadderPopulationNote,
  type RungCounts,
  RungPopulation,
  reportDate,
  rungCounts,
} from './ladder-population';

type SetView = (view: CardView) => void;
const hrefOf = (view: CardView) => `/card?${CARD_URL.write(view).toString()}`;

/**
 * One card (its exact title): the grade ladder (every grade, kept whole), the value and buy score
 * of the chosen grade (or of all grades), and its price history per grade.
 */
export function OneCard({ view, setView }: { view: CardView; setView: SetView }) {
  const api = useApiConnection();
  const q = cardQuery(view.title);
  const grade = view.grade || undefined;
  const ladder = useQuery(valueQuery(api, { q }));
  // Each rung's population counts: the one-card /v3/value without a grade (the headline's own call
  // when no grade is chosen, else usually cached from the card's first view).
  const counts = rungCounts(useQuery(enrichedValueQuery(api, { q })).data?.by_grade);
  const headline = useQuery(enrichedValueQuery(api, { q, grade }));
  const synthetic = useSyntheticMarket();
  // As the ladder's table and the headline: QueryState draws an answer as a deferred value.
  const ladderSettled = useDeferredValue(!ladder.isPending && !headline.isPending);
  return (
    <>
      <div className="card-view__top">
        <section className="card-view__headline" aria-labelledby="card-headline">
          <h2 id="card-headline">{grade ? `Value in ${grade}` : 'Value, all grades'}</h2>
          <QueryState result={headline} label="the value">
            {(data) => <CardHeadline data={data} />}
          </QueryState>
        </section>
        <section className="card-view__ladder" aria-labelledby="card-ladder">
          <h2 id="card-ladder">Grade ladder</h2>
          <QueryState result={ladder} label="the grade ladder">
            {(data) => (
              <>
                <CardLadder rows={data.by_grade} view={view} counts={counts} />
                {counts.size > 0 ? (
                  <LadderPopulationNote asOf={reportDate(counts)} synthetic={synthetic} />
                ) : null}
              </>
            )}
          </QueryState>
        </section>
      </div>
      {/* Under the ladder and the headline, whose heights are known only with their answers: drawn
          once both have come, the history is added below them rather than pushed down by them. */}
      {ladderSettled ? (
        <section className="card-view__history" aria-labelledby="card-history">
          <h2 id="card-history">Price history{grade ? ` in ${grade}` : ', every grade'}</h2>
          <HistoryControls view={view} setView={setView} />
          {ladder.data ? <HistoryPanel view={view} asOf={ladder.data.as_of.slice(0, 10)} /> : null}
        </section>
      ) : null}
      {ladderSettled && ladder.data && hasRawMarket(ladder.data.by_grade) ? <GradingPanel q={q} /> : null}
    </>
  );
}

/** Whether the server's market is synthetic (GET /v1, keyless and cached for the day). */
function useSyntheticMarket(): boolean {
  const api = useApiConnection();
  return useQuery({ ...indexDocumentQuery(api), select: (doc) => doc.market?.synthetic }).data === true;
}

/** A raw market: a Raw rung with an estimate of its next sale, what grading is weighed against. */
const hasRawMarket = (rows: readonly GradeValue[]) =>
  rows.some((row) => row.grade === RAW_GRADE && row.next_sale != null);

/** The value page's headline of the chosen grade (or all grades), its window, and the buy score with its score sheet. */
function CardHeadline({ data }: { data: EnrichedValueData }) {
  return (
    <div data-testid="card-headline">
      <ValueHeadline data={data} />
      <p className="card-page__note" data-testid="value-note">
        {enrichedValueNote(data)} Last sale {formatUsd(data.last_sale)} on {formatDate(data.last_sale_date)}.
      </p>
      <h3>Buy score</h3>
      <BuyScoreGauge score={data.buy_score} verdict={data.verdict} />
      <ScoreContributions explanation={explainScore(data)} score={data.buy_score} />
    </div>
  );
}

/** Every grade's rung, each the value that grade alone has; choosing one keeps the ladder whole. */
function CardLadder({
  rows,
  view,
  counts,
}: {
  rows: readonly GradeValue[];
  view: CardView;
  counts: ReadonlyMap<string, RungCounts>;
}) {
  return (
    <table className="card-view__ladder-table" data-testid="card-ladder">
      <thead>
        <tr>
          <th scope="col">Grade</th>
          <th scope="col">Value</th>
          <th scope="col">Sales</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr
            key={row.grade}
            aria-current={row.grade === view.grade ? 'true' : undefined}
            data-grade={row.grade}
          >
            <th scope="row">
              <Link to={hrefOf({ ...view, grade: row.grade === view.grade ? '' : row.grade })}>
                {row.grade}
              </Link>
              <RungPopulation counts={counts.get(row.grade)} />
            </th>
            <td>
              <RungValue row={row} />
            </td>
            <td>
              {formatInteger(row.sample_size)} {plural(row.sample_size, 'sale')} in {row.window_days ?? 90}{' '}
              days
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A rung's value: its estimate with its range, or why it has none; the median from a server without estimates. */
function RungValue({ row }: { row: GradeValue }) {
  const next = row.next_sale;
  if (next === undefined) return <span data-testid="rung-value">{formatUsd(row.value)}</span>;
  if (next === null)
    return (
      <span data-testid="rung-value" className="card-view__rung-note">
        too few sales for an estimate
      </span>
    );
  return (
    <>
      <span data-testid="rung-value">{formatUsd(next.estimate)}</span>
      <span className="card-view__rung-note" data-testid="rung-range">
        {next.level} %: {formatUsd(next.low)}-{formatUsd(next.high)}
      </span>
    </>
  );
}

function HistoryControls({ view, setView }: { view: CardView; setView: SetView }) {
  return (
    <fieldset className="card-view__controls">
      <legend className="visually-hidden">History options</legend>
      {HISTORY_RANGES.map((range) => (
        <label key={range} className="checkbox">
          <input
            type="radio"
            name="range"
            checked={view.range === range}
            onChange={() => setView({ ...view, range })}
          />
          {range}
        </label>
      ))}
      <label className="checkbox">
        <input
          type="radio"
          name="interval"
          checked={view.interval === 'week'}
          onChange={() => setView({ ...view, interval: 'week' })}
        />
        Weeks
      </label>
      <label className="checkbox">
        <input
          type="radio"
          name="interval"
          checked={view.interval === 'month'}
          onChange={() => setView({ ...view, interval: 'month' })}
        />
        Months
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={view.scale === HISTORY_SCALES[1]}
          onChange={(event) => setView({ ...view, scale: event.target.checked ? 'log' : 'linear' })}
        />
        Log scale
      </label>
    </fieldset>
  );
}

function HistoryPanel({ view, asOf }: { view: CardView; asOf: string }) {
  const api = useApiConnection();
  const ref = useRef<HTMLDivElement>(null);
  const width = useElementWidth(ref);
  const { from, to } = historyRange(view.range, asOf);
  const result = useQuery(
    historyQuery(api, {
      q: cardQuery(view.title),
      grade: view.grade || undefined,
      interval: view.interval,
      from,
      to,
    }),
  );
  return (
    <div ref={ref} className="card-view__chart">
      <QueryState result={result} label="the price history" skeleton="chart">
        {(data) => (
          <>
            <HistoryChart
              lines={gradeLines(data.series)}
              series={data.series}
              width={width}
              log={view.scale === 'log'}
            />
            <p className="card-view__note">
              {data.cards > 1 ? `These prices mix ${data.cards} cards. ` : ''}
              {view.interval === 'week' ? 'Weeks from Monday' : 'Calendar months'}, UTC, {data.from} to{' '}
              {data.to}.
            </p>
            <CsvDownloadButton
              fileName={historyCsvName(view.title, view.grade, data.from, data.to)}
              makeCsv={() => historyCsv(view.title, data.series)}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
