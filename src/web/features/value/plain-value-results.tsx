import { useQuery } from '@tanstack/react-query';
import type { ValueParams } from '../../../contract/params';
import { ApiCallPanel } from '../../components/api-call/api-call-panel';
import { QueryState } from '../../components/query-state/query-state';
import { Skeleton } from '../../components/query-state/skeleton';
import { plainValueNote } from '../../components/value/value-notes';
import { valueQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';
import { queryLabel } from '../../lib/card-query/query-label';
import { AllMatchingSales } from './all-matching-sales';
import { useCardSpan } from './card-span';
import { ValueAndLadder } from './value-and-ladder';
import { ValueMix } from './value-mix';
import { valueHrefWithQuery } from './value-search';

/** `/v1/value`: the value, its range and the grade ladder; of several cards, only their blended figures. */
export function PlainValueResults({ params }: { params: ValueParams }) {
  const api = useApiConnection();
  const value = valueQuery(api, params);
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
        suggestionHref={(q) => valueHrefWithQuery(params, 'plain', q)}
      >
        {(data) =>
          span.kind === 'pending' ? (
            <Skeleton label="Loading the cards this search matches" />
          ) : span.kind === 'several' ? (
            <AllMatchingSales data={data} span={span} params={params} note={plainValueNote(data)} />
          ) : (
            <>
              <ValueMix cards={undefined} byGrade={data.by_grade} params={params} answer="plain" />
              <ValueAndLadder data={data} params={params} note={plainValueNote(data)} />
            </>
          )
        }
      </QueryState>
      <ApiCallPanel request={value.queryKey[1]} result={result} />
    </section>
  );
}
