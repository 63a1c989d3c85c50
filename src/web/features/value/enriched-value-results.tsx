import { useQuery } from '@tanstack/react-query';
import type { ValueParams } from '../../../contract/params';
import { ApiCallPanel } from '../../components/api-call/api-call-panel';
import { QueryState } from '../../components/query-state/query-state';
import { enrichedValueQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';
import { queryLabel } from '../../lib/card-query/query-label';
import { BuyScoreGauge } from './buy-score-gauge';
import { MatchedCardsList } from './matched-cards-list';
import { explainScore } from './score-breakdown';
import { ScoreContributions } from './score-contributions';
import { SignalTiles } from './signal-tiles';
import { ValueAndLadder } from './value-and-ladder';
import { ValueMix } from './value-mix';
import { enrichedValueNote } from './value-notes';
import { valueHrefWithQuery } from './value-search';

/** `/v3/value`: the value and ladder plus the buy score, its make-up, the signals and matched cards. */
export function EnrichedValueResults({ params }: { params: ValueParams }) {
  const api = useApiConnection();
  const value = enrichedValueQuery(api, params);
  const result = useQuery(value);
  return (
    <section className="panel" aria-labelledby="value-title">
      <h2 id="value-title">Value of {queryLabel(params.q)}</h2>
      <QueryState
        result={result}
        label="the card value"
        suggestionHref={(q) => valueHrefWithQuery(params, 'enriched', q)}
      >
        {(data) => (
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
              <h3>Cards matched by {queryLabel(params.q)}</h3>
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
