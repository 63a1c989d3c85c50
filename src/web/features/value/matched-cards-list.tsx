import { Link } from 'react-router';
import type { MatchedCard } from '../../../contract/resources';
import { cardPageHref, exactCardQuery, indexChartHref } from '../../lib/card-query/card-links';
import { formatInteger, plural } from '../../lib/format';

/**
 * The cards that q matched, so the user can narrow q to exactly one of them (its title in double
 * quotes: the title alone would match its variants too) or open its label's index.
 */
export function MatchedCardsList({ cards, grade }: { cards: readonly MatchedCard[]; grade?: string }) {
  if (cards.length === 0) return <p>No card list in this answer.</p>;
  return (
    <ul className="matched-cards">
      {cards.map((card) => {
        const narrower = exactCardQuery(card.title);
        return (
          <li key={`${card.category}/${card.label}/${card.title}`} data-testid="matched-card">
            <span className="matched-cards__title">{card.title}</span>
            <span className="matched-cards__meta">
              {card.category} · {card.label} ·{' '}
              <span data-testid="matched-card-sales">{formatInteger(card.sales)}</span>{' '}
              {plural(card.sales, 'sale')}
            </span>
            <span className="matched-cards__links">
              {narrower && <Link to={cardPageHref('/value', narrower, grade)}>Value of this card only</Link>}
              <Link to={indexChartHref(card.category, card.label)}>Index chart of {card.label}</Link>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
