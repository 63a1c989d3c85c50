import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AccuracyData, NextSale } from '../../../contract/resources';
import { applicableRow, BAND_WORDS, bandOf, formatShare } from '../../lib/accuracy-sentence';
import { accuracyQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';

/**
 * What the 80 % range held out of sample for values like this one: its liquidity tier's row of
 * /v1/accuracy (else its category's) and its price band's. Null when no row says.
 */
export function nextSaleAccuracyLine(data: AccuracyData, sales: number, next: NextSale): string | null {
  const tier = applicableRow(data, sales, undefined);
  const band = data.by_price_band.find((row) => row.band === bandOf(next.estimate));
  const parts = [
    tier?.row.next_sale ? `${formatShare(tier.row.next_sale.coverage)} of the time for ${tier.scope}` : null,
    band?.next_sale
      ? `${formatShare(band.next_sale.coverage)} for cards valued ${BAND_WORDS[band.band]}`
      : null,
  ].filter((part): part is string => part !== null);
  return parts.length === 0
    ? null
    : `Tested out of sample, the next sale fell inside its ${next.level} % range ${parts.join(', ')}.`;
}

/**
 * One line beside a value's range: how often such ranges held the next sale. With an estimate, its
 * 80 % range's coverage; without, how often the next sale fell inside the middle half of earlier
 * sales. Shows nothing until the accuracy is known, or when no row applies.
 */
export function RangeAccuracy({
  sales,
  nextSale,
}: {
  sales: number;
  nextSale?: NextSale | null | undefined;
}) {
  const result = useQuery(accuracyQuery(useApiConnection()));
  if (result.data === undefined) return null;
  const applies = applicableRow(result.data, sales, undefined);
  const line = nextSale
    ? nextSaleAccuracyLine(result.data, sales, nextSale)
    : applies === null
      ? null
      : `For ${applies.scope}, the next sale fell inside the middle half of earlier sales ${formatShare(applies.row.coverage_iqr)} of the time; median error ${formatShare(applies.row.median_abs_pct_error)}.`;
  if (line === null) return null;
  return (
    <p className="card-page__note" data-testid="range-accuracy">
      {line} <Link to="/accuracy">How we measure</Link>
    </p>
  );
}
