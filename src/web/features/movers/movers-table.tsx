import { Link } from 'react-router';
import type { Mover } from '../../../contract/resources';
import { formatInteger, formatPercent, formatUsd } from '../../lib/format';
import { barScale, moverLinks } from './movers-rows';
import { PctChangeBar } from './pct-change-bar';

/** The leaderboard, in the order given (see movers-rows.ts). Pure: fed by props. */
export function MoversTable({ movers, caption }: { movers: readonly Mover[]; caption: string }) {
  const share = barScale(movers);
  return (
    // Focusable so a keyboard user can scroll the table sideways on a narrow screen.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable from the keyboard
    <section className="table-scroll" tabIndex={0} aria-label={caption}>
      <table className="data-table movers-table" data-testid="movers-table">
        <caption className="data-table__caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="is-numeric">
              #
            </th>
            <th scope="col">Label</th>
            <th scope="col" className="movers-table__change">
              Change (7 days)
            </th>
            <th scope="col" className="is-numeric">
              Level now
            </th>
            <th scope="col" className="is-numeric">
              Level before
            </th>
            <th scope="col" className="is-numeric">
              <abbr title="Sales in both weeks of the cards and grades that sold in both">n</abbr>
            </th>
            <th scope="col">Category</th>
            <th scope="col">Look up</th>
          </tr>
        </thead>
        <tbody>
          {movers.map((mover, index) => (
            <MoverRow
              key={`${mover.category}/${mover.label}`}
              mover={mover}
              rank={index + 1}
              share={share(mover.pct_change)}
            />
          ))}
        </tbody>
      </table>
    </section>
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
        <Link to={links.value} aria-label={`Value lookup for ${mover.label}`}>
          Value
        </Link>
      </td>
    </tr>
  );
}
