import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ValueParams } from '../../../contract/params';
import type { EnrichedValueData, ValueData } from '../../../contract/resources';
import { ApiCallPanel } from '../../components/api-call/api-call-panel';
import { QueryState } from '../../components/query-state/query-state';
import { enrichedValueQuery, valueQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';
import { formatDateTime, formatUsd } from '../../lib/format';
import { BuyScoreGauge } from './buy-score-gauge';
import { cardPageHref } from './card-links';
import { GradeLadder } from './grade-ladder';
import { MatchedCardsList } from './matched-cards-list';
import { explainScore } from './score-breakdown';
import { ScoreContributions } from './score-contributions';
import { SignalTiles } from './signal-tiles';
import { ValueHeadline } from './value-headline';

function SoldLink({ params }: { params: ValueParams }) {
  return (
    <p className="panel__links">
      <Link to={cardPageHref('/sold', params.q, params.grade)}>
        Sold comps of this card, by window and grade
      </Link>
    </p>
  );
}

function ValueAndLadder({
  data,
  params,
  note,
}: {
  data: ValueData | EnrichedValueData;
  params: ValueParams;
  note: string;
}) {
  return (
    <>
      <ValueHeadline data={data} />
      <p className="card-page__note">{note}</p>
      <SoldLink params={params} />
      <h3>Grade ladder</h3>
      <GradeLadder rows={data.by_grade} />
    </>
  );
}

const filterNote = (data: ValueData): string => {
  const { min_price, max_price } = data.filter;
  const bounds = [
    min_price === null ? null : `from ${formatUsd(min_price)}`,
    max_price === null ? null : `up to ${formatUsd(max_price)}`,
  ];
  const filter = bounds.filter(Boolean).join(' ');
  return `Sales ${filter ? `${filter}, ` : ''}as of ${formatDateTime(data.as_of)}.`;
};

/** `/v1/value`: the value, its range and the grade ladder. */
export function PlainValueResults({ params }: { params: ValueParams }) {
  const api = useApiConnection();
  const value = valueQuery(api, params);
  const result = useQuery(value);
  return (
    <section className="panel" aria-labelledby="value-title">
      <h2 id="value-title">Value of “{params.q}”</h2>
      <QueryState result={result} label="the card value">
        {(data) => <ValueAndLadder data={data} params={params} note={filterNote(data)} />}
      </QueryState>
      <ApiCallPanel request={value.queryKey[1]} result={result} />
    </section>
  );
}

/** `/v3/value`: the value and ladder plus the buy score, its make-up, the signals and matched cards. */
export function EnrichedValueResults({ params }: { params: ValueParams }) {
  const api = useApiConnection();
  const value = enrichedValueQuery(api, params);
  const result = useQuery(value);
  return (
    <section className="panel" aria-labelledby="value-title">
      <h2 id="value-title">Value of “{params.q}”</h2>
      <QueryState result={result} label="the card value">
        {(data) => (
          <div className="enriched-value">
            <div className="enriched-value__main">
              <ValueAndLadder
                data={data}
                params={params}
                note={
                  data.window_days
                    ? `From the sales of the last ${data.window_days} days.`
                    : 'From recent sales.'
                }
              />
            </div>
            <div className="enriched-value__signals">
              <h3>Buy score</h3>
              <BuyScoreGauge score={data.buy_score} verdict={data.verdict} />
              <ScoreContributions explanation={explainScore(data)} score={data.buy_score} />
              <h3>Signals</h3>
              <SignalTiles signals={data} />
            </div>
            <div className="enriched-value__matched">
              <h3>Cards “{params.q}” matched</h3>
              {data.matched_cards === undefined ? (
                <p>This server does not list the matched cards.</p>
              ) : (
                <MatchedCardsList cards={data.matched_cards} grade={params.grade} />
              )}
            </div>
          </div>
        )}
      </QueryState>
      <ApiCallPanel request={value.queryKey[1]} result={result} />
    </section>
  );
}
