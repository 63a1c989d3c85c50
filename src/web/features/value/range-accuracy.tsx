import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { applicableRow, formatShare } from '../../lib/accuracy-sentence';
import { accuracyQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';

/**
 * One line beside a value's range: how often the next sale fell inside the middle half of earlier sales for
 * values like this one (its liquidity tier's row of /v1/accuracy, else its category's). Shows
 * nothing until the accuracy is known, or when no row applies.
 */
export function RangeAccuracy({ sales, category }: { sales: number; category?: string | undefined }) {
  const result = useQuery(accuracyQuery(useApiConnection()));
  const applies = result.data === undefined ? null : applicableRow(result.data, sales, category);
  if (applies === null) return null;
  return (
    <p className="card-page__note" data-testid="range-accuracy">
      For {applies.scope}, the next sale fell inside the middle half of earlier sales{' '}
      {formatShare(applies.row.coverage_iqr)} of the time; median error{' '}
      {formatShare(applies.row.median_abs_pct_error)}. <Link to="/accuracy">How we measure</Link>
    </p>
  );
}
