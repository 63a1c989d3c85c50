import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Category } from '../../../contract/categories';
import type { CardSummary } from '../../../contract/resources';
import { cardsQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';
import { cardHref } from '../../lib/card-query/card-links';
import { formatDate, formatInteger, plural } from '../../lib/format';
import { QueryState } from '../query-state/query-state';
import './card-picker.css';

/**
 * The cards a query matches (`/v1/cards`), most traded first: title, category, label, sales and the
 * grades traded, each a link to its card page. `more` adds links of the page that shows it (the value
 * of this card only). A query of one card says so; of several, that any figure of it mixes them.
 */
export function CardPicker({
  q,
  category,
  label,
  grade,
  more,
  standalone = false,
}: {
  q: string;
  category?: Category | undefined;
  label?: string | undefined;
  grade?: string | undefined;
  more?: (card: CardSummary) => ReactNode;
  /**
   * The list is the page (`/card?q=`): it shows loading, errors and no_match. Above a page's own
   * answer it shows only when it has cards, the answer's panel saying the rest.
   */
  standalone?: boolean;
}) {
  const api = useApiConnection();
  const result = useQuery(cardsQuery(api, { q, category, label, limit: 25 }));
  if (!standalone && result.data === undefined) {
    // While the list loads its place is kept (the inline list has a fixed height), so the page's
    // answer below does not move when the list arrives; a failed list leaves the answer's panel to say why.
    return result.isError ? null : <div className="card-picker card-picker--inline" aria-hidden="true" />;
  }
  return (
    <section
      className={standalone ? 'card-picker' : 'card-picker card-picker--inline'}
      aria-label="Cards this search matches"
      data-testid="card-picker"
    >
      <QueryState result={standalone ? result : { ...result, error: null }} label="the matching cards">
        {(data) => (
          <>
            <p className="card-picker__summary" data-testid="card-picker-summary">
              {data.total === 1
                ? 'This search matches one card.'
                : `This search matches ${formatInteger(data.total)} cards: pick one, or read the figures below as a mix of them.`}
              {data.total > data.cards.length ? ` The ${data.cards.length} most traded are listed.` : ''}
            </p>
            <ul className="card-picker__list">
              {data.cards.map((card) => (
                <li key={`${card.category}/${card.title}`} data-testid="card-pick">
                  <Link to={cardHref(card.title, grade)} className="card-picker__title">
                    {card.title}
                  </Link>
                  <span className="card-picker__meta">
                    {card.category} · {card.label} · {formatInteger(card.sales_90d)}{' '}
                    {plural(card.sales_90d, 'sale')} in 90 days, {formatInteger(card.sales_365d)} in 365
                    {card.last_sale_date ? ` · last ${formatDate(card.last_sale_date)}` : ''}
                  </span>
                  <span className="card-picker__grades">
                    {card.grades.length > 0
                      ? `Grades traded: ${card.grades.join(', ')}`
                      : 'No sale in 365 days'}
                  </span>
                  {more?.(card)}
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryState>
    </section>
  );
}
