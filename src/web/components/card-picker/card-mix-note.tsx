import { useQuery } from '@tanstack/react-query';
import { exactTitleOf } from '../../../contract/card-query';
import { cardsQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';
import { formatInteger } from '../../lib/format';

/**
 * Beside a figure of a word query: says that it mixes several cards (the count of `/v1/cards`, the
 * same call as the card picker's, so no extra request). Nothing for one card or an exact title.
 */
export function CardMixNote({ q }: { q: string }) {
  const api = useApiConnection();
  const result = useQuery({
    ...cardsQuery(api, { q, limit: 25 }),
    enabled: exactTitleOf(q) === null && api.apiKey !== null,
  });
  const total = result.data?.total ?? 0;
  if (total <= 1) return null;
  return (
    <p className="value-mix__sentence" data-testid="card-mix-note">
      Mix of {formatInteger(total)} cards: these figures combine the sales of every card the search matches.
    </p>
  );
}
