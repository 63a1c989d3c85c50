import type { MoverRow, MoverSaleTuple } from '../../store/derived-tables';
import { DAY_MS } from '../../store/time';
import { cellPricesOf, moverFigures } from '../like-for-like';

/** The sales the movers read: after `start`, up to `asOf`; `mid` splits the last 7 days from the 7 before. */
export function moverWindow(asOfMs: number): { start: number; mid: number; asOf: number } {
  return { start: asOfMs - 14 * DAY_MS, mid: asOfMs - 7 * DAY_MS, asOf: asOfMs };
}

/**
 * decisions.md, movers: per label, the matched change of its cells (card and grade) between the last
 * 7 days and the 7 before (like-for-like.ts); a label needs 3 matched cells and a weight of 5.
 * `current_n` and `prev_n` are the matched cells' sales in each week. Both stores read the sales
 * by time, then id (SQLite: the order of `sales_by_time`, so no sort), so cells are met in the same
 * order and the sums come out the same to the last bit.
 */
export function computeMovers(rows: Iterable<MoverSaleTuple>): MoverRow[] {
  const labels = new Map<
    string,
    { category: string; label: string; cells: Map<string, { recent: number[]; earlier: number[] }> }
  >();
  for (const [category, label, cardId, grade, price, recent] of rows) {
    const key = `${category}\u0000${label}`;
    let entry = labels.get(key);
    if (!entry) {
      entry = { category, label, cells: new Map() };
      labels.set(key, entry);
    }
    const cellKey = `${cardId} ${grade}`;
    let cell = entry.cells.get(cellKey);
    if (!cell) {
      cell = { recent: [], earlier: [] };
      entry.cells.set(cellKey, cell);
    }
    (recent === 1 ? cell.recent : cell.earlier).push(price);
  }
  const movers: MoverRow[] = [];
  for (const { category, label, cells } of labels.values()) {
    const list = [...cells.values()];
    const figures = moverFigures(
      cellPricesOf(list.map((cell) => cell.recent)),
      cellPricesOf(list.map((cell) => cell.earlier)),
    );
    if (figures === null) continue;
    let currentN = 0;
    let prevN = 0;
    for (const cell of cells.values()) {
      if (cell.recent.length === 0 || cell.earlier.length === 0) continue;
      currentN += cell.recent.length;
      prevN += cell.earlier.length;
    }
    movers.push({
      category,
      label,
      current_avg: figures.currentAvg,
      prev_avg: figures.prevAvg,
      current_n: currentN,
      prev_n: prevN,
      pct_change: figures.pctChange,
    });
  }
  return movers;
}
