import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Category } from '../../../contract/categories';
import type { LabelStat } from '../../../contract/resources';
import { ApiCallPanel } from '../../components/api-call/api-call-panel';
import { QueryState } from '../../components/query-state/query-state';
import { type Column, SortableTable } from '../../components/sortable-table/sortable-table';
import { categoryLabelsQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';
import { formatDate } from '../../lib/format';
import { snapshotStatColumns } from './snapshot-columns';

/** The labels of one category (GET /v1/categories?category=…), each linking to its index chart. */
const labelColumns = (category: Category): readonly Column<LabelStat>[] => [
  {
    id: 'label',
    header: 'Label',
    value: (row) => row.label,
    render: (row) => (
      <Link to={`/index?${new URLSearchParams({ category, label: row.label }).toString()}`}>{row.label}</Link>
    ),
  },
  ...snapshotStatColumns<LabelStat>(),
];

export function CategoryLabels({ category }: { category: Category }) {
  const options = categoryLabelsQuery(useApiConnection(), category);
  const result = useQuery(options);
  return (
    <section className="panel" aria-labelledby="labels-title">
      <div className="panel__header">
        <h2 id="labels-title">Labels in {category}</h2>
        {result.data ? <p className="page__meta">as of {formatDate(result.data.as_of)}</p> : null}
      </div>
      <QueryState
        result={result}
        label={`the labels of ${category}`}
        isEmpty={(data) => data.labels.length === 0}
        emptyTitle={`No active listings in ${category} on the latest snapshot`}
      >
        {(data) => (
          <SortableTable
            caption={`Labels of ${category}; each opens its index chart.`}
            rows={data.labels}
            columns={labelColumns(category)}
            rowKey={(row) => row.label}
          />
        )}
      </QueryState>
      <ApiCallPanel request={options.queryKey[1]} result={result} />
    </section>
  );
}
