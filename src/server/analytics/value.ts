import type { ValueParams } from '../../contract/params';
import type { ValueData } from '../../contract/resources';
import type { MarketReader } from '../store/market-reader';
import { isoOfMs } from '../store/time';
import { valueCore, valueSample } from './value-sample';

/** `/v1/value`: value (median), range (p25..p75), min/max/avg, confidence and the grade ladder. */
export function valueData(reader: MarketReader, params: ValueParams): ValueData {
  const sample = valueSample(reader, params);
  return {
    ...valueCore(params, sample),
    filter: { min_price: params.min_price ?? null, max_price: params.max_price ?? null },
    as_of: isoOfMs(sample.asOfMs),
  };
}
