import { INDEX_START_DATE } from '../../../contract/param-limits';
import type { SalesIndexRow, SalesIndexSaleTuple } from '../../store/derived-tables';
import { DAY_MS, dateOfDayNumber, dayNumber } from '../../store/time';
import { cellPricesOf, matchedChange, pctOfLogChange } from '../like-for-like';

/**
 * decisions.md, "`GET /v1/sales-index`": per category and per label, a chained index of sold
 * prices. Weeks end at the as-of time D: week j is (D - 7j days, D - 7(j-1) days]; J is the largest
 * j with D - 7j days >= 2026-05-29. Week J is 100 and index_j = index_(j+1) * exp(g_j), g_j the
 * matched change (like-for-like.ts) of the group's cells between week j (A) and the week before it,
 * j + 1 (B), and 0 with no matched cell. Computed at each
 * rebuild, the same on both stores (they read the same rows in the same order).
 */

export const WEEK_MS = 7 * DAY_MS;

/** J, the number of whole weeks from 2026-05-29 to the as-of time, and the start of week J. */
export function salesIndexWeeks(asOfMs: number): { weeks: number; startMs: number } {
  const weeks = Math.floor((asOfMs - Date.parse(`${INDEX_START_DATE}T00:00:00Z`)) / WEEK_MS);
  return { weeks, startMs: asOfMs - weeks * WEEK_MS };
}

interface Group {
  category: string;
  label: string | null;
  /** Per week j (1..J): the log change g_j, matched cells, sales. */
  logChange: Float64Array;
  cells: Int32Array;
  sales: Int32Array;
}

/**
 * Every point of every category and label with a sale in weeks 1..J, from the sales of those weeks
 * in the order of time, then id, and each card's category and label. Cells are met in that order,
 * as by the movers, so a label's latest change is its mover's `pct_change` to the last bit.
 */
export function computeSalesIndex(
  rows: readonly SalesIndexSaleTuple[],
  cardGroups: ReadonlyMap<number, readonly [category: string, label: string]>,
  asOfMs: number,
): SalesIndexRow[] {
  const { weeks } = salesIndexWeeks(asOfMs);
  if (weeks < 1) return [];
  // Integer ids: each row's cell (card and grade), category group and label group.
  const groups: Group[] = [];
  const groupIds = new Map<string, number>();
  const groupOf = (key: string, category: string, label: string | null): number => {
    let id = groupIds.get(key);
    if (id === undefined) {
      id = groups.length;
      groupIds.set(key, id);
      groups.push({
        category,
        label,
        logChange: new Float64Array(weeks + 1),
        cells: new Int32Array(weeks + 1),
        sales: new Int32Array(weeks + 1),
      });
    }
    return id;
  };
  const cellIds = new Map<string, number>();
  const cellCategory: number[] = [];
  const cellLabel: number[] = [];
  const rowCell = new Int32Array(rows.length);
  const byWeek: number[][] = Array.from({ length: weeks + 2 }, () => []);
  rows.forEach(([cardId, grade, , soldAt], i) => {
    const week = Math.floor((asOfMs - soldAt) / WEEK_MS) + 1;
    if (week < 1 || week > weeks) return;
    const cellKey = `${cardId} ${grade}`;
    let cell = cellIds.get(cellKey);
    if (cell === undefined) {
      const [category, label] = cardGroups.get(cardId) ?? ['', ''];
      cell = cellCategory.length;
      cellIds.set(cellKey, cell);
      cellCategory.push(groupOf(category, category, null));
      cellLabel.push(groupOf(`${category}\u0000${label}`, category, label));
    }
    rowCell[i] = cell;
    (byWeek[week] as number[]).push(i);
    for (const id of [cellCategory[cell] as number, cellLabel[cell] as number]) {
      const sales = (groups[id] as Group).sales;
      sales[week] = (sales[week] as number) + 1;
    }
  });
  // Week j against week j + 1: their sales in time order (week j + 1 is the earlier one). Each
  // cell's prices in each week, the cells in the order first met; a group's cells in that order.
  const slot = new Int32Array(cellCategory.length).fill(-1);
  for (let week = 1; week < weeks; week += 1) {
    const met: number[] = [];
    const recent: number[][] = [];
    const earlier: number[][] = [];
    for (const [from, isRecent] of [
      [week + 1, false],
      [week, true],
    ] as const) {
      for (const i of byWeek[from] as number[]) {
        const cell = rowCell[i] as number;
        let at = slot[cell] as number;
        if (at === -1) {
          at = met.length;
          slot[cell] = at;
          met.push(cell);
          recent.push([]);
          earlier.push([]);
        }
        ((isRecent ? recent : earlier)[at] as number[]).push((rows[i] as SalesIndexSaleTuple)[2]);
      }
    }
    for (const groupOfCell of [cellCategory, cellLabel]) {
      const slotsByGroup = new Map<number, number[]>();
      met.forEach((cell, at) => {
        const group = groupOfCell[cell] as number;
        const list = slotsByGroup.get(group);
        if (list === undefined) slotsByGroup.set(group, [at]);
        else list.push(at);
      });
      for (const [id, slots] of slotsByGroup) {
        const change = matchedChange(
          cellPricesOf(slots.map((at) => recent[at] as number[])),
          cellPricesOf(slots.map((at) => earlier[at] as number[])),
        );
        if (change === null) continue;
        const group = groups[id] as Group;
        group.logChange[week] = change.logChange;
        group.cells[week] = change.cells;
      }
    }
    for (const cell of met) slot[cell] = -1;
  }
  const points: SalesIndexRow[] = [];
  for (const group of groups) {
    let index = 100;
    for (let week = weeks; week >= 1; week -= 1) {
      if (week < weeks) index *= Math.exp(group.logChange[week] as number);
      points.push({
        category: group.category,
        label: group.label,
        date: dateOfDayNumber(dayNumber(asOfMs - (week - 1) * WEEK_MS)),
        index,
        change_pct: week === weeks ? null : pctOfLogChange(group.logChange[week] as number),
        matched_cells: group.cells[week] as number,
        sales: group.sales[week] as number,
      });
    }
  }
  return points;
}
