import type { ReactNode } from 'react';
import type { ValueData } from '../../../contract/resources';
import { formatInteger, formatUsd, plural } from '../../lib/format';
import { RangeBar } from './range-bar';
import { domainOf } from './range-scale';

export type SoldSample = Pick<ValueData, 'value' | 'low' | 'high' | 'min' | 'max' | 'avg' | 'sample_size'>;

/**
 * What sold in a value's window, as the spec defines it: the median, the middle half (p25 to p75),
 * lowest to highest, the average and the count, drawn as a range bar. `median` names the median's
 * row (left out when the headline already is the median); `children` adds rows.
 */
export function SoldFigures({
  data,
  median,
  label,
  children,
}: {
  data: SoldSample;
  median?: string | undefined;
  label: string;
  children?: ReactNode;
}) {
  return (
    <>
      <RangeBar range={data} domain={domainOf(data.min, data.max)} label={label} />
      <dl className="value-headline__figures">
        {median === undefined ? null : (
          <div>
            <dt>{median}</dt>
            <dd data-testid="value-median">{formatUsd(data.value)}</dd>
          </div>
        )}
        <div>
          <dt>Middle half of the sales (p25 to p75)</dt>
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
        {children}
      </dl>
    </>
  );
}
