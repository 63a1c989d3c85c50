import { Link } from 'react-router';
import type { CardMover } from '../../../contract/resources';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { formatInteger, formatPercent, formatUsd } from '../../lib/format';
import { PctChangeBar } from './pct-change-bar';

/** A card mover's page: the card in that grade. */
export const cardMoverHref = (mover: Pick<CardMover, 'title' | 'grade'>): string =>
  `/card?${new URLSearchParams({ title: mover.title, grade: mover.grade })}`;

/** Cards in one grade, in the API's order (largest damped move first). Pure: fed by props. */
export function CardMoversTable({
  movers,
  days,
  caption,
}: {
  movers: readonly CardMover[];
  days: number;
  caption: string;
}) {
  const largest = movers.reduce((max, mover) => Math.max(max, Math.abs(mover.pct_change)), 0);
  const columns: readonly DataTableColumn[] = [
    { label: '#', numeric: true },
    { label: 'Card' },
    { label: 'Grade' },
    { label: `Change (${days} days)`, className: 'movers-table__change' },
    { label: 'Median now', numeric: true },
    { label: 'Median before', numeric: true },
    {
      label: 'Sales',
      header: <abbr title={`Sales in the ${days} days before, and in the last ${days}`}>Sales</abbr>,
      numeric: true,
    },
    { label: 'Label' },
  ];
  return (
    <DataTable caption={caption} columns={columns} className="movers-table" testId="card-movers-table">
      {movers.map((mover, index) => {
        const direction = mover.pct_change >= 0 ? 'up' : 'down';
        return (
          <tr
            key={`${mover.title}/${mover.grade}`}
            data-testid="card-mover-row"
            data-title={mover.title}
            data-grade={mover.grade}
          >
            <td className="is-numeric">{index + 1}</td>
            <th scope="row">
              <Link to={cardMoverHref(mover)}>{mover.title}</Link>
            </th>
            <td>{mover.grade}</td>
            <td className="movers-table__change">
              <span className={`movers-table__pct movers-table__pct--${direction}`}>
                <span className="visually-hidden">{direction === 'up' ? 'Up ' : 'Down '}</span>
                {formatPercent(mover.pct_change)}
              </span>
              <PctChangeBar
                pctChange={mover.pct_change}
                share={largest === 0 ? 0 : Math.abs(mover.pct_change) / largest}
              />
            </td>
            <td className="is-numeric">{formatUsd(mover.current_median)}</td>
            <td className="is-numeric">{formatUsd(mover.previous_median)}</td>
            <td className="is-numeric">
              {formatInteger(mover.sales_previous)} → {formatInteger(mover.sales_current)}
            </td>
            <td>
              {mover.label} · {mover.category}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
