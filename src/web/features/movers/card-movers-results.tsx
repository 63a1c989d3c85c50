import { useQuery } from '@tanstack/react-query';
import { ApiCallPanel } from '../../components/api-call/api-call-panel';
import { QueryState } from '../../components/query-state/query-state';
import { cardMoversQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';
import { CardMoversTable } from './card-movers-table';
import type { MoversView } from './movers-view';

/** The Cards view of /movers: `/v1/card-movers` for the view's choices, and the call it made. */
export function CardMoversResults({ view }: { view: MoversView }) {
  const api = useApiConnection();
  const query = cardMoversQuery(api, {
    ...(view.category && { category: view.category }),
    ...(view.label && { label: view.label }),
    ...(view.grade && { grade: view.grade }),
    days: view.days,
    direction: view.direction === 'all' ? 'both' : view.direction,
    limit: view.limit,
  });
  const result = useQuery(query);
  const scope = [view.category ?? 'all categories', view.label, view.grade].filter(Boolean).join(', ');
  const which = view.direction === 'all' ? 'moves' : view.direction === 'up' ? 'rises' : 'falls';
  return (
    <>
      <QueryState
        result={result}
        label="the card movers"
        isEmpty={(data) => data.movers.length === 0}
        emptyTitle="No card moved"
        emptyHint={`No card and grade sold at least 3 times in each of the two ${view.days}-day windows for this choice.`}
      >
        {(data) => (
          <CardMoversTable
            movers={data.movers}
            days={data.days}
            caption={`Card movers: the ${data.movers.length} largest ${which} over ${data.days} days in ${scope}, largest first (a move on few sales counts for less)`}
          />
        )}
      </QueryState>
      <ApiCallPanel request={query.queryKey[1]} result={result} />
    </>
  );
}
