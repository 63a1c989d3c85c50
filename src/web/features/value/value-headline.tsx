import type { ValueData } from '../../../contract/resources';
import { formatInteger, formatUsd, plural } from '../../lib/format';
import { RangeBar } from './range-bar';
import { domainOf } from './range-scale';

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

/** The value with its p25-p75 range and min/max whiskers, the sample size and the confidence. */
export function ValueHeadline({ data }: { data: ValueSummary }) {
  return (
    <div className="value-headline">
      <p className="value-headline__value">
        <span className="value-headline__label">Value{data.grade ? ` (${data.grade})` : ''}</span>{' '}
        <strong data-testid="value-value">{formatUsd(data.value)}</strong>
      </p>
      <RangeBar range={data} domain={domainOf(data.min, data.max)} label="Price range" />
      <dl className="value-headline__figures">
        <div>
          <dt>Typical range (p25 to p75)</dt>
          <dd>
            <span data-testid="value-low">{formatUsd(data.low)}</span> to{' '}
            <span data-testid="value-high">{formatUsd(data.high)}</span>
          </dd>
        </div>
        <div>
          <dt>Lowest to highest</dt>
          <dd>
            <span data-testid="value-min">{formatUsd(data.min)}</span> to{' '}
            <span data-testid="value-max">{formatUsd(data.max)}</span>
          </dd>
        </div>
        <div>
          <dt>Average</dt>
          <dd data-testid="value-avg">{formatUsd(data.avg)}</dd>
        </div>
        <div>
          <dt>Sample size</dt>
          <dd>
            <span data-testid="value-sample-size">{formatInteger(data.sample_size)}</span>{' '}
            {plural(data.sample_size, 'sale')}
          </dd>
        </div>
        <div>
          <dt>Confidence</dt>
          <dd>
            <span data-testid="value-confidence">{data.confidence}</span> / 100
            <span className="value-headline__note">{CONFIDENCE_NOTE}</span>
          </dd>
        </div>
      </dl>
    </div>
  );
}
