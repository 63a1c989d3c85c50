import type { SoldParams } from '../../contract/params';
import type { SoldData } from '../../contract/resources';
import { roundCents } from '../../contract/rounding';
import { noMatchError, scopedCards, summariesInWindow } from './card-sales';
import type { MarketContext } from './market-context';

/** `/v1/sold`: the sales of the matched cards in the last `days` days, overall and per grade. */
export async function soldData(ctx: MarketContext, params: SoldParams): Promise<SoldData> {
  const context = await ctx.query();
  const selection = { grade: params.grade, category: params.category, label: params.label };
  const cardIds = await scopedCards(context, params.q, selection);
  if (cardIds.length === 0) throw await noMatchError(context, params.q, params.days, selection, false);
  // Two passes over the window, nothing gathered: a broad q's year holds the event loop briefly.
  const { all, grades } = summariesInWindow(context, cardIds, params.days, selection);
  if (all === null) throw await noMatchError(context, params.q, params.days, selection, true);
  return {
    avg: roundCents(all.avg),
    max: roundCents(all.max),
    min: roundCents(all.min),
    median: roundCents(all.median),
    sales: all.n,
    window_days: params.days,
    by_grade: grades.map(({ grade, summary }) => ({
      grade,
      avg: roundCents(summary.avg),
      median: roundCents(summary.median),
      sales: summary.n,
    })),
  };
}
