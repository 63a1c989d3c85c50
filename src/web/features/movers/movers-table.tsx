import { Link } from 'react-router';
import type { Mover } from '../../../contract/resources';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { formatInteger, formatPercent, formatUsd } from '../../lib/format';
import { barScale, moverLinks } from './movers-rows';
import { PctChangeBar } from './pct-change-bar';

const COLUMNS: readonly DataTableColumn[] = [
  { label: '#', numeric: true },
  { label: 'Label' },
  { label: 'Change (7 days)', className: 'movers-table__change' },
  { label: 'Level now', numeric: true },
  { label: 'Level before', numeric: true },
  {
    label: 'n',
    header: <abbr title="Sales in both weeks of the cards and grades that sold in both">n</abbr>,
    numeric: true,
  },
  { label: 'Category' },
  { label: 'Look up' },
];

/** The leaderboard, in the order given (see movers-rows.ts). Pure: fed by props. */
export function MoversTable({ movers, caption }: { movers: readonly Mover[]; caption: string }) {
  const share = barScale(movers);
  return (
    <DataTable caption={caption} columns={COLUMNS} className="movers-table" testId="movers-table">
      {movers.map((mover, index) => (
        <MoverRow
          key={`${mover.category}/${mover.label}`}
          mover={mover}
          rank={index + 1}
          share={share(mover.pct_change)}
        />
      ))}
    </DataTable>
  );
}

function MoverRow({ mover, rank, share }: { mover: Mover; rank: number; share: number }) {
  const links = moverLinks(mover);
  return (
    <tr data-testid="mover-row" data-label={mover.label} data-pct={mover.pct_change}>
      <td className="is-numeric">{rank}</td>
      <th scope="row">
        <Link to={links.index}>{mover.label}</Link>
      </th>
      <td className="movers-table__change">
        <span className={`movers-table__pct movers-table__pct--${mover.direction}`}>
          <span className="visually-hidden">{mover.direction === 'up' ? 'Up ' : 'Down '}</span>
          {formatPercent(mover.pct_change)}
        </span>
        <PctChangeBar pctChange={mover.pct_change} share={share} />
      </td>
      <td className="is-numeric">{formatUsd(mover.current_avg)}</td>
      <td className="is-numeric">{formatUsd(mover.prev_avg)}</td>
      <td className="is-numeric">{formatInteger(mover.n)}</td>
      <td>{mover.category}</td>
      <td>
        <Link to={links.cards} aria-label={`Cards of ${mover.label}`}>
          Cards
        </Link>
      </td>
    </tr>
  );
}
