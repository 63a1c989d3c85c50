import type { UseQueryResult } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { CATEGORIES, type Category } from '../../../contract/categories';
import type { FloorData } from '../../../contract/resources';
import { ApiCallPanel } from '../../components/api-call/api-call-panel';
import { QueryState } from '../../components/query-state/query-state';
import type { ApiRequest } from '../../lib/api/api-request';
import { formatDate } from '../../lib/format';
import { FloorTable } from './floor-table';

/** The floor table panel: every state of the /v1/floor answer, narrowed to the chosen category. */
export interface FloorTablePanelProps {
  request: ApiRequest;
  result: UseQueryResult<FloorData>;
  category: Category | null;
  onShowAll: () => void;
}

export function FloorTablePanel({ request, result, category, onShowAll }: FloorTablePanelProps) {
  return (
    <section className="panel" aria-labelledby="floor-title">
      <div className="panel__header">
        <h2 id="floor-title">{category ? `Floor: ${category}` : 'Floor by category'}</h2>
        {category ? (
          <button type="button" className="button button--small" onClick={onShowAll}>
            Show all categories
          </button>
        ) : null}
      </div>
      {/* Room for the table to come (a row per category), so the panels under it stay put. */}
      <div
        className="floor-table__slot"
        style={{ '--rows': category ? 1 : CATEGORIES.length } as CSSProperties}
      >
        <QueryState
          result={result}
          label="the floor"
          isEmpty={(data) => data.categories.length === 0}
          emptyTitle="No active listings on the latest snapshot"
        >
          {(data) => {
            const rows = category
              ? data.categories.filter((row) => row.category === category)
              : data.categories;
            return rows.length === 0 ? (
              <p>
                No active listings in {category} on {formatDate(data.as_of)}.
              </p>
            ) : (
              <FloorTable rows={rows} asOf={data.as_of} />
            );
          }}
        </QueryState>
      </div>
      <ApiCallPanel request={request} result={result} />
    </section>
  );
}
