import type { CardsParams } from '../../contract/params';
import type { CardSummary, CardsData } from '../../contract/resources';
import { GRADE_CODE_SPAN } from '../store/market-reader';
import { DAY_MS, isoOfMs } from '../store/time';
import { breathe, noMatchError, type QueryContext, scopedCards } from './card-sales';
import { codeOfPacked } from './sale-columns';
import { VALUE_WIDE_WINDOW_DAYS, VALUE_WINDOW_DAYS } from './value-sample';

/**
 * `/v1/cards` (decisions.md, "Which cards a query means"): every card q matches in the scope, with
 * its sales in 90 and 365 days, its last sale in 365 days and the grades it traded in them; by
 * `sales_365d` descending, then title (code points); `limit` of them, `total` counting all.
 */
export async function cardsData(context: QueryContext, params: CardsParams): Promise<CardsData> {
  const scope = { category: params.category, label: params.label };
  const ids = await scopedCards(context, params.q, scope);
  if (ids.length === 0) throw await noMatchError(context, params.q, VALUE_WIDE_WINDOW_DAYS, scope, false);
  const seen = new Uint8Array(GRADE_CODE_SPAN);
  const cards: CardSummary[] = [];
  for (const [i, id] of ids.entries()) {
    // A breath every 1,000 cards: a broad q matches 4,700 (issue 29).
    if (i > 0 && i % 1000 === 0) await breathe();
    cards.push(cardSummary(context, id, seen));
  }
  cards.sort((a, b) => b.sales_365d - a.sales_365d || (a.title < b.title ? -1 : a.title > b.title ? 1 : 0));
  return { query: params.q, total: cards.length, cards: cards.slice(0, params.limit) };
}

/** `seen`: a scratch flag per grade code, all clear between calls. */
function cardSummary(context: QueryContext, id: number, seen: Uint8Array): CardSummary {
  const card = context.catalogue.byId.get(id);
  if (card === undefined) throw new Error(`card ${id} is not in the catalogue`);
  const { start, soldAt, priceGrade } = context.columns;
  const since365 = context.asOfMs - VALUE_WIDE_WINDOW_DAYS * DAY_MS;
  const since90 = context.asOfMs - VALUE_WINDOW_DAYS * DAY_MS;
  let sales90 = 0;
  let sales365 = 0;
  let last: number | null = null;
  const codes: number[] = [];
  if (id >= 0 && id < start.length - 1) {
    // Newest first: each card's sales are in time order; stop at the first one outside 365 days.
    for (let i = (start[id + 1] as number) - 1; i >= (start[id] as number); i -= 1) {
      const time = soldAt[i] as number;
      if (time > context.asOfMs) continue;
      if (time <= since365) break;
      last ??= time;
      sales365 += 1;
      if (time > since90) sales90 += 1;
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
    sales_90d: sales90,
    sales_365d: sales365,
    last_sale_date: last === null ? null : isoOfMs(last),
    grades,
  };
}
