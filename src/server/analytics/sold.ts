import type { SoldParams } from '../../contract/params';
import type { SoldData } from '../../contract/resources';
import type { MarketReader } from '../store/market-reader';
import { noSaleError, pricesInWindow, requireAsOf, resolveCards } from './card-sales';
import { pricesByGrade } from './grade-groups';
import { roundCents, summarizeSorted } from './stats';

/** `/v1/sold`: the sales of the matched cards in the last `days` days, overall and per grade. */
export function soldData(reader: MarketReader, params: SoldParams): SoldData {
  const asOfMs = requireAsOf(reader.state().asOfMs);
  const cardIds = resolveCards(reader, params.q);
  const selection = { grade: params.grade };
  const sales = pricesInWindow(reader, cardIds, asOfMs, params.days, selection);
  if (sales.price.length === 0) throw noSaleError(params.q, params.days, selection);
  const all = summarizeSorted(sales.price);
  return {
    avg: roundCents(all.avg),
    max: roundCents(all.max),
    min: roundCents(all.min),
    median: roundCents(all.median),
    sales: all.n,
    window_days: params.days,
    by_grade: pricesByGrade(sales).map(([grade, prices]) => {
      const stats = summarizeSorted(prices);
      return { grade, avg: roundCents(stats.avg), median: roundCents(stats.median), sales: stats.n };
    }),
  };
}
