import type { CardMoversParams } from '../../contract/params';
import type { CardMover, CardMoversData } from '../../contract/resources';
import { roundCents, roundPct } from '../../contract/rounding';
import { GRADE_CODE_SPAN } from '../store/market-reader';
import { DAY_MS, isoOfMs } from '../store/time';
import type { QueryContext } from './card-sales';
import { labelKey, requireLabel } from './card-scope';
import type { MarketContext } from './market-context';
import type { SaleColumns } from './sale-columns';
import { percentileOfSorted } from './stats';

/** Fewest sales a cell needs in each window to be ranked. */
const MIN_SALES = 3;
/** The rank score's damping: n / (n + 5) with n the smaller count. */
const DAMPING = 5;

interface Moved {
  row: CardMover;
  score: number;
  /** The row's label as labels compare (card-scope.ts). */
  labelKey: string;
}

/** Every ranked cell of a data version (its sale columns) and window, sorted: filters then only pick. */
const rankedByColumns = new WeakMap<SaleColumns, Map<number, Moved[]>>();

/**
 * `/v1/card-movers` (decisions.md, "`GET /v1/card-movers`"): every cell (card, grade) with at least
 * 3 sales in each of A = (as_of - days, as_of] and B = (as_of - 2 days, as_of - days], its medians'
 * change, ranked by |ln(m(A) / m(B)) * n / (n + 5)|, n = min(n(A), n(B)), then title, then grade.
 * The whole market's cells are ranked once per data version and window; a call keeps those of its
 * category, label, grade and direction.
 */
export async function cardMoversData(ctx: MarketContext, params: CardMoversParams): Promise<CardMoversData> {
  const context = await ctx.query();
  requireLabel(context.catalogue, { category: params.category, label: params.label });
  const key = params.label === undefined ? null : labelKey(params.label);
  let byDays = rankedByColumns.get(context.columns);
  if (byDays === undefined) {
    byDays = new Map();
    rankedByColumns.set(context.columns, byDays);
  }
  let ranked = byDays.get(params.days);
  if (ranked === undefined) {
    ranked = rankCells(context, params.days);
    byDays.set(params.days, ranked);
  }
  const movers: CardMover[] = [];
  for (const { row, labelKey: rowLabel } of ranked) {
    if (movers.length === params.limit) break;
    if (params.category !== undefined && row.category !== params.category) continue;
    if (key !== null && rowLabel !== key) continue;
    if (params.grade !== undefined && row.grade !== params.grade) continue;
    if (params.direction === 'up' && !(row.pct_change > 0)) continue;
    if (params.direction === 'down' && !(row.pct_change < 0)) continue;
    movers.push(row);
  }
  return { days: params.days, as_of: isoOfMs(context.asOfMs), movers };
}

/**
 * Every cell of the market with enough sales in both windows, ranked. One pass over the two
 * windows' sales counts each card's cells; only cells with enough sales in both are gathered
 * again for their medians.
 */
function rankCells(context: QueryContext, days: number): Moved[] {
  const gradeOfCode = context.reader.gradeOfCode();
  const { start, soldAt, priceGrade } = context.columns;
  const asOf = context.asOfMs;
  const split = asOf - days * DAY_MS;
  const from = split - days * DAY_MS;
  const countA = new Int32Array(GRADE_CODE_SPAN);
  const countB = new Int32Array(GRADE_CODE_SPAN);
  const touched: number[] = [];
  const moved: Moved[] = [];
  for (const [id, card] of context.catalogue.byId) {
    if (id < 0 || id >= start.length - 1) continue;
    const first = start[id] as number;
    const last = (start[id + 1] as number) - 1;
    // Newest first: a card's sales are in time order; stop at the first one before B.
    for (let i = last; i >= first; i -= 1) {
      const time = soldAt[i] as number;
      if (time > asOf) continue;
      if (time <= from) break;
      const packed = priceGrade[i] as number;
      const code = packed - Math.floor(packed / GRADE_CODE_SPAN) * GRADE_CODE_SPAN;
      if (countA[code] === 0 && countB[code] === 0) touched.push(code);
      if (time > split) countA[code] = (countA[code] as number) + 1;
      else countB[code] = (countB[code] as number) + 1;
    }
    for (const code of touched) {
      const nA = countA[code] as number;
      const nB = countB[code] as number;
      countA[code] = 0;
      countB[code] = 0;
      if (nA < MIN_SALES || nB < MIN_SALES) continue;
      const a = new Float64Array(nA);
      const b = new Float64Array(nB);
      let ia = 0;
      let ib = 0;
      for (let i = last; i >= first; i -= 1) {
        const time = soldAt[i] as number;
        if (time > asOf) continue;
        if (time <= from) break;
        const packed = priceGrade[i] as number;
        const cents = Math.floor(packed / GRADE_CODE_SPAN);
        if (packed - cents * GRADE_CODE_SPAN !== code) continue;
        if (time > split) a[ia++] = cents;
        else b[ib++] = cents;
      }
      const current = percentileOfSorted(a.sort(), 0.5) / 100;
      const previous = percentileOfSorted(b.sort(), 0.5) / 100;
      const n = Math.min(nA, nB);
      moved.push({
        score: Math.abs(Math.log(current / previous) * (n / (n + DAMPING))),
        labelKey: labelKey(card.label),
        row: {
          title: card.title,
          category: card.category,
          label: card.label,
          grade: gradeOfCode[code] as string,
          pct_change: roundPct(100 * (current / previous - 1)),
          previous_median: roundCents(previous),
          current_median: roundCents(current),
          sales_previous: nB,
          sales_current: nA,
        },
      });
    }
    touched.length = 0;
  }
  return moved.sort(
    (x, y) =>
      y.score - x.score ||
      compareCodePoints(x.row.title, y.row.title) ||
      compareCodePoints(x.row.grade, y.row.grade),
  );
}

const compareCodePoints = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);
