import type { ValueParams } from '../../contract/params';
import type { ValueData } from '../../contract/resources';
import { isoOfMs } from '../store/time';
import type { MarketContext } from './market-context';
import { valueCore, valueSample } from './value-sample';

/** `/v1/value`: value (median), range (p25..p75), min/max/avg, confidence and the grade ladder. */
export async function valueData(ctx: MarketContext, params: ValueParams): Promise<ValueData> {
  const context = await ctx.query();
  const sample = await valueSample(context, params);
  const { window_days, ...core } = valueCore(params, sample);
  return {
    ...core,
    filter: { min_price: params.min_price ?? null, max_price: params.max_price ?? null },
    as_of: isoOfMs(context.asOfMs),
    window_days,
  };
}
