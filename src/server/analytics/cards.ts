import type { CardsParams } from '../../contract/params';
import type { CardSummary, CardsData } from '../../contract/resources';
import { type CardRow, GRADE_CODE_SPAN } from '../store/market-reader';
import { DAY_MS, isoOfMs } from '../store/time';
import { noMatchError, type QueryContext, scopedCards } from './card-sales';
import type { MarketContext } from './market-context';
import { codeOfPacked } from './sale-columns';
import { VALUE_WIDE_WINDOW_DAYS, VALUE_WINDOW_DAYS } from './value-sample';

/**
 * `/v1/cards` (decisions.md, "Which cards a query means"): every card q matches in the scope, with
 * its sales in 90 and 365 days, their value in 365 days, its last sale in 365 days and the grades
 * it traded in them; by `sales_value_365d` descending (the card the market spends most on leads),
 * then title (code points); `limit` of them, `total` counting all.
 */
export async function cardsData(ctx: MarketContext, params: CardsParams): Promise<CardsData> {
  const context = await ctx.query();
  const scope = { category: params.category, label: params.label };
  const ids = await scopedCards(context, params.q, scope);
  if (ids.length === 0) throw await noMatchError(context, params.q, VALUE_WIDE_WINDOW_DAYS, scope, false);
  // Each card's sales in 90 and 365 days and last sale are counted; only the `limit` cards shown
  // are made into answers (a broad q matches 4,700: their dates and grades cost more than the
  // counting).
  const counts = ids.map((id) => saleCounts(context, id));
  const titleOf = (i: number) => catalogueCard(context, ids[i] as number).title;
  const order = ids.map((_, i) => i);
  order.sort((a, b) => {
    const byValue = (counts[b] as SaleCounts).cents365 - (counts[a] as SaleCounts).cents365;
    if (byValue !== 0) return byValue;
    const x = titleOf(a);
    const y = titleOf(b);
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const seen = new Uint8Array(GRADE_CODE_SPAN);
  const cards = order
    .slice(0, params.limit)
    .map((i) => cardSummary(context, ids[i] as number, counts[i] as SaleCounts, seen));
  return { query: params.q, total: ids.length, cards };
}

function catalogueCard(context: QueryContext, id: number): CardRow {
  const card = context.catalogue.byId.get(id);
  if (card === undefined) throw new Error(`card ${id} is not in the catalogue`);
  return card;
}

interface SaleCounts {
  sales90: number;
  sales365: number;
  /** The sum of the 365 days' sale prices in cents (whole cents add exactly). */
  cents365: number;
  /** The last sale in the 365 days (ms), null for none. */
  last: number | null;
}

/** A card's sales in the last 90 and 365 days, and its last sale in them. */
function saleCounts(context: QueryContext, id: number): SaleCounts {
  const { start, soldAt, priceGrade } = context.columns;
  const since365 = context.asOfMs - VALUE_WIDE_WINDOW_DAYS * DAY_MS;
  const since90 = context.asOfMs - VALUE_WINDOW_DAYS * DAY_MS;
  let sales90 = 0;
  let sales365 = 0;
  let cents365 = 0;
  let last: number | null = null;
  if (id >= 0 && id < start.length - 1) {
    // Newest first: each card's sales are in time order; stop at the first one outside 365 days.
    for (let i = (start[id + 1] as number) - 1; i >= (start[id] as number); i -= 1) {
      const time = soldAt[i] as number;
      if (time > context.asOfMs) continue;
      if (time <= since365) break;
      last ??= time;
      sales365 += 1;
      cents365 += Math.floor((priceGrade[i] as number) / GRADE_CODE_SPAN);
      if (time > since90) sales90 += 1;
    }
  }
  return { sales90, sales365, cents365, last };
}

/**
 * The card's answer, with the grades it traded in the 365 days. `seen`: a scratch flag per grade
 * code, all clear between calls.
 */
function cardSummary(context: QueryContext, id: number, counts: SaleCounts, seen: Uint8Array): CardSummary {
  const card = catalogueCard(context, id);
  const { start, soldAt, priceGrade } = context.columns;
  const since365 = context.asOfMs - VALUE_WIDE_WINDOW_DAYS * DAY_MS;
  const codes: number[] = [];
  if (id >= 0 && id < start.length - 1) {
    for (let i = (start[id + 1] as number) - 1; i >= (start[id] as number); i -= 1) {
      const time = soldAt[i] as number;
      if (time > context.asOfMs) continue;
      if (time <= since365) break;
      const code = codeOfPacked(priceGrade[i] as number);
      if (seen[code] === 0) {
        seen[code] = 1;
        codes.push(code);
      }
    }
  }
  for (const code of codes) seen[code] = 0;
  const gradeOfCode = context.reader.gradeOfCode();
  const grades = codes
    .map((code) => gradeOfCode[code] as string)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    title: card.title,
    category: card.category,
    label: card.label,
    sales_90d: counts.sales90,
    sales_365d: counts.sales365,
    sales_value_365d: counts.cents365 / 100,
    last_sale_date: counts.last === null ? null : isoOfMs(counts.last),
    grades,
  };
}
