import type { ValueData } from '../../../contract/resources';
import { formatUsd } from '../../lib/format';
import { SoldFigures } from './sold-figures';

/** The members the plain and the enriched answers share, which is all the headline needs. */
export type ValueSummary = Pick<
  ValueData,
  'value' | 'low' | 'high' | 'min' | 'max' | 'avg' | 'sample_size' | 'confidence' | 'grade'
>;

/**
 * What confidence measures (decisions.md, "Like for like: cells"): the spread of each sale around the
 * median of its own card and grade, so mixing grades does not read as noise; few recent sales lower it.
 */
const CONFIDENCE_NOTE =
  "how tightly sales sit around their own card and grade's median; fewer than 5 sales in 90 days lower it";

/** The value of one card, with what sold (range bar, middle half, min/max, sample) and the confidence. */
export function ValueHeadline({ data }: { data: ValueSummary }) {
  return (
    <div className="value-headline">
      <p className="value-headline__value">
        <span className="value-headline__label">Value{data.grade ? ` (${data.grade})` : ''}</span>{' '}
        <strong data-testid="value-value">{formatUsd(data.value)}</strong>
      </p>
      <SoldFigures data={data} label="Price range">
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
