import type { ValueParams } from '../../contract/params';
import type { ValueData } from '../../contract/resources';
import { isoOfMs } from '../store/time';
import type { MarketContext } from './market-context';
import { nextSaleFields } from './value-next-sale';
import { valueCore, valueSample } from './value-sample';

/**
 * `/v1/value`: value (median), range (p25..p75), min/max/avg, confidence, the grade ladder, and the
 * next sale of one card in one grade (value-next-sale.ts).
 */
export async function valueData(ctx: MarketContext, params: ValueParams): Promise<ValueData> {
  const context = await ctx.query();
  const sample = await valueSample(context, params);
  const { window_days, ...core } = valueCore(params, sample);
  const { next_sale, by_grade } = await nextSaleFields(context, params, sample);
  return {
    ...core,
    by_grade,
    filter: { min_price: params.min_price ?? null, max_price: params.max_price ?? null },
    as_of: isoOfMs(context.asOfMs),
    window_days,
    next_sale,
  };
}
