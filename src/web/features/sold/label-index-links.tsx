import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { enrichedValueQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';
import { indexChartHref } from '../../lib/card-query/card-links';

/**
 * Links to the index charts of the labels of the cards q matched. Only `/v3/value` names those cards,
 * so this reads its answer from the cache and never asks for it (no call is spent here): after a look
 * at the card's value, the links appear.
 */
export function LabelIndexLinks({ q, grade }: { q: string; grade: string | undefined }) {
  const api = useApiConnection();
  const cached = useQuery({ ...enrichedValueQuery(api, { q, grade }), enabled: false });
  const labels = new Map<string, { category: string; label: string }>();
  for (const card of cached.data?.matched_cards ?? []) labels.set(`${card.category}/${card.label}`, card);
  if (labels.size === 0) return null;
  return (
    <p className="panel__links">
      Index charts:{' '}
      {[...labels.values()].map(({ category, label }, index) => (
        <span key={`${category}/${label}`}>
          {index > 0 && ', '}
          <Link to={indexChartHref(category, label)}>{label}</Link>
        </span>
      ))}
    </p>
  );
}
