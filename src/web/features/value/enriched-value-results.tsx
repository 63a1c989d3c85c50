import { useQuery } from '@tanstack/react-query';
import type { ValueParams } from '../../../contract/params';
import type { EnrichedValueData } from '../../../contract/resources';
import { ApiCallPanel } from '../../components/api-call/api-call-panel';
import { QueryState } from '../../components/query-state/query-state';
import { Skeleton } from '../../components/query-state/skeleton';
import { BuyScoreGauge } from '../../components/value/buy-score-gauge';
import { explainScore } from '../../components/value/score-breakdown';
import { ScoreContributions } from '../../components/value/score-contributions';
import { enrichedValueNote } from '../../components/value/value-notes';
import { enrichedValueQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';
import { queryLabel } from '../../lib/card-query/query-label';
import { AllMatchingSales } from './all-matching-sales';
import { useCardSpan } from './card-span';
import { MatchedCardsList } from './matched-cards-list';
import { SignalTiles } from './signal-tiles';
import { ValueAndLadder } from './value-and-ladder';
import { ValueMix } from './value-mix';
import { valueHrefWithQuery } from './value-search';

/**
 * `/v3/value`: the value and ladder plus the buy score, its make-up, the signals and matched cards;
 * for a search that matches several cards, only their blended figures, folded (all-matching-sales.tsx).
 */
export function EnrichedValueResults({ params }: { params: ValueParams }) {
  const api = useApiConnection();
  const value = enrichedValueQuery(api, params);
  const result = useQuery(value);
  const span = useCardSpan(params.q, params.grade);
  return (
    <section className="panel" aria-labelledby="value-title">
      <h2 id="value-title">
        {span.kind === 'several' ? 'Sales' : 'Value'} of {queryLabel(params.q)}
      </h2>
      <QueryState
        result={result}
        label="the card value"
        suggestionHref={(q) => valueHrefWithQuery(params, 'enriched', q)}
      >
        {(data) =>
          span.kind === 'pending' ? (
            <Skeleton label="Loading the cards this search matches" />
          ) : span.kind === 'several' ? (
            <AllMatchingSales data={data} span={span} params={params} note={enrichedValueNote(data)}>
              <h3>Signals of all matching sales</h3>
              <SignalTiles signals={data} />
              <MatchedCards data={data} params={params} />
            </AllMatchingSales>
          ) : (
            <div className="enriched-value">
              <div className="enriched-value__main">
                <ValueMix
                  cards={data.matched_cards}
                  byGrade={data.by_grade}
                  params={params}
                  answer="enriched"
                />
                <ValueAndLadder data={data} params={params} note={enrichedValueNote(data)} />
              </div>
              <div className="enriched-value__signals">
                <h3>Buy score</h3>
                <BuyScoreGauge score={data.buy_score} verdict={data.verdict} />
                <ScoreContributions explanation={explainScore(data)} score={data.buy_score} />
                <h3>Signals</h3>
                <SignalTiles signals={data} />
              </div>
              <div className="enriched-value__matched">
                <MatchedCards data={data} params={params} />
              </div>
            </div>
          )
        }
      </QueryState>
      <ApiCallPanel request={value.queryKey[1]} result={result} />
    </section>
  );
}

function MatchedCards({ data, params }: { data: EnrichedValueData; params: ValueParams }) {
  return (
    <>
      <h3>Cards matched by {queryLabel(params.q)}</h3>
      {data.matched_cards === undefined ? (
        <p>This server does not list the matched cards.</p>
      ) : (
        <MatchedCardsList cards={data.matched_cards} grade={params.grade} />
      )}
    </>
  );
}
