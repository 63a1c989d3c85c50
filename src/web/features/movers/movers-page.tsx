import { useQuery } from '@tanstack/react-query';
import { ApiCallPanel } from '../../components/api-call/api-call-panel';
import { QueryState } from '../../components/query-state/query-state';
import { UrlProblems } from '../../components/url-problems';
import { moversQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';
import { useUrlState } from '../../lib/url-state/use-url-state';
import { usePageTitle } from '../../lib/use-page-title';
import { CardMoversResults } from './card-movers-results';
import { MoversFilters } from './movers-filters';
import { moverRows } from './movers-rows';
import { MoversTable } from './movers-table';
import { MOVERS_URL, type MoversView } from './movers-view';
import './movers.css';

/**
 * `/movers`: the labels whose prices moved most over the last 7 days (beta), like for like
 * (decisions.md, "Like for like: cells"): each card and grade against itself, the last 7 days
 * against the 7 before, over the label's cards and grades that sold in both weeks.
 */
export function MoversPage() {
  usePageTitle('Movers');
  const { view, problems, setView } = useUrlState(MOVERS_URL);
  const api = useApiConnection();
  const query = moversQuery(api, { ...(view.category && { category: view.category }), limit: view.limit });
  const result = useQuery({ ...query, enabled: view.show === 'labels' });

  return (
    <section aria-labelledby="page-title" className="page movers-page">
      <header className="page__header">
        <h1 id="page-title">
          Movers{' '}
          {result.data?.beta === false ? null : (
            <span className="badge badge--beta" title="The movers endpoint is in beta">
              beta
            </span>
          )}
        </h1>
        <p className="page__lede">
          Cards: each card in one grade, its median sale price over the last 7, 30 or 90 days against as many
          days before; a change on few sales counts for less. Labels: each card and grade against itself, the
          last 7 days against the 7 before, over the label's cards and grades that sold in both weeks. The
          level before is their typical price in the earlier week; the level now is that price moved by the
          change. Labels with fewer than 3 such cards and grades, or too few of their sales, are left out.
        </p>
      </header>
      <UrlProblems problems={problems} />
      <MoversFilters view={view} onChange={setView} />
      {view.show === 'cards' ? <CardMoversResults view={view} /> : null}
      {view.show === 'cards' ? null : (
        <QueryState
          result={result}
          label="the movers"
          isEmpty={(data) => data.movers.length === 0}
          emptyTitle="No movers"
          emptyHint="No label has enough cards and grades that sold in both weeks for this choice."
        >
          {(data) => {
            const rows = moverRows(data.movers, view.direction);
            const caption = moversCaption(data.movers.length, rows.length, view);
            return rows.length === 0 ? (
              <p className="state-panel state-panel--empty">
                None of the {data.movers.length} largest movers went {view.direction}.
              </p>
            ) : (
              <MoversTable movers={rows} caption={caption} />
            );
          }}
        </QueryState>
      )}
      {view.show === 'cards' ? null : <ApiCallPanel request={query.queryKey[1]} result={result} />}
    </section>
  );
}

function moversCaption(answered: number, shown: number, view: MoversView): string {
  const scope = view.category ?? 'all categories';
  const largest = `the ${answered} largest moves in ${scope} (limit ${view.limit})`;
  if (view.direction === 'all') return `Movers: ${largest}, biggest rise first`;
  const which = view.direction === 'up' ? 'rises, biggest first' : 'falls, biggest first';
  return `Movers: ${shown} ${which}, of ${largest}`;
}
