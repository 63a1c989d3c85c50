import { useQuery } from '@tanstack/react-query';
import { exactTitleOf } from '../../../contract/card-query';
import type { CardsData } from '../../../contract/resources';
import { cardsQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';

/** How many cards a value answer spans: one (a price), several (a blend), or not known yet. */
export type CardSpan =
  | { kind: 'pending' }
  | { kind: 'one' }
  | { kind: 'several'; cards: number; more: boolean };

/**
 * From `/v1/cards`: the cards with a sale in 365 days (in `grade`, when the search names one). More
 * than one is a blend. `more` when the list was cut short by its limit.
 */
export function cardSpanOf(data: CardsData, grade: string | undefined): CardSpan {
  const selling = data.cards.filter(
    (card) => card.sales_365d > 0 && (grade === undefined || card.grades.includes(grade)),
  ).length;
  const more = data.total > data.cards.length;
  return selling > 1 ? { kind: 'several', cards: selling, more } : { kind: 'one' };
}

/**
 * The span of the value of `q`: an exact title is one card; words ask `/v1/cards` (the card
 * picker's call, so no extra request). A failed list reads as one card: the answer then says
 * what it mixes on its own (value-mix.tsx).
 */
export function useCardSpan(q: string, grade: string | undefined): CardSpan {
  const api = useApiConnection();
  const exact = exactTitleOf(q) !== null;
  const result = useQuery({
    ...cardsQuery(api, { q, category: undefined, label: undefined, limit: 25 }),
    enabled: !exact && api.apiKey !== null,
  });
  if (exact || result.isError) return { kind: 'one' };
  return result.data === undefined ? { kind: 'pending' } : cardSpanOf(result.data, grade);
}
