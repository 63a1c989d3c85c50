import type { NextSale, ValueData } from '../../../contract/resources';
import { formatInteger, formatUsd } from '../../lib/format';
import { noEstimateReason } from './next-sale';
import { SoldFigures } from './sold-figures';

/** The members the plain and the enriched answers share, which is all the headline needs. */
export type ValueSummary = Pick<
  ValueData,
  | 'value'
  | 'low'
  | 'high'
  | 'min'
  | 'max'
  | 'avg'
  | 'sample_size'
  | 'confidence'
  | 'grade'
  | 'window_days'
  | 'next_sale'
>;

/**
 * What confidence measures (decisions.md, "Like for like: cells"): the spread of each sale around the
 * median of its own card and grade, so mixing grades does not read as noise; few recent sales lower it.
 */
const CONFIDENCE_NOTE =
  "how tightly sales sit around their own card and grade's median; fewer than 5 sales in 90 days lower it";

/** `What sold in the last 365 days`: the window the spec's figures describe, with its length. */
const soldIn = (windowDays: number | undefined): string =>
  windowDays === undefined
    ? 'What sold in the window'
    : `What sold in the last ${formatInteger(windowDays)} days`;

/**
 * The value of one card: the estimate of its next sale with the range that holds `level` % of next
 * sales, then what sold in the window (median, middle half, min/max, sample) and the confidence.
 * With `next_sale` null it says why there is no estimate instead of a number; a server that sends
 * no `next_sale` has its median as the value.
 */
export function ValueHeadline({ data }: { data: ValueSummary }) {
  const next = data.next_sale;
  const label = `Value${data.grade ? ` (${data.grade})` : ''}`;
  return (
    <div className="value-headline">
      {next === undefined ? (
        <p className="value-headline__value">
          <span className="value-headline__label">{label}</span>{' '}
          <strong data-testid="value-value">{formatUsd(data.value)}</strong>
        </p>
      ) : next === null ? (
        <p className="value-headline__none" data-testid="next-sale-none">
          <span className="value-headline__label">{label}:</span> no estimate of the next sale,{' '}
          {noEstimateReason(data)}.
        </p>
      ) : (
        <NextSaleHeadline label={label} next={next} />
      )}
      {next === undefined ? null : <h3 className="value-headline__sold">{soldIn(data.window_days)}</h3>}
      <SoldFigures
        data={data}
        median={next === undefined ? undefined : 'Median'}
        label={next === undefined ? 'Price range' : soldIn(data.window_days)}
      >
        <div>
          <dt>Confidence</dt>
          <dd>
            <span data-testid="value-confidence">{data.confidence}</span> / 100
            <span className="value-headline__note">{CONFIDENCE_NOTE}</span>
          </dd>
        </div>
      </SoldFigures>
    </div>
  );
}

function NextSaleHeadline({ label, next }: { label: string; next: NextSale }) {
  return (
    <>
      <p className="value-headline__value">
        <span className="value-headline__label">{label}</span>{' '}
        <strong data-testid="value-value">{formatUsd(next.estimate)}</strong>
      </p>
      <p className="value-headline__range" data-testid="next-sale-range">
        Likely next sale: {next.level} % of the time between{' '}
        <span data-testid="next-sale-low">{formatUsd(next.low)}</span> and{' '}
        <span data-testid="next-sale-high">{formatUsd(next.high)}</span>
        <span className="value-headline__note">
          estimated from {formatInteger(next.sales_used)} sales of this card and grade, each moved to today by
          its label’s sales index
        </span>
      </p>
    </>
  );
}
