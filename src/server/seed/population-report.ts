import { normalizeTitle } from '../../contract/card-query';
import { RAW_GRADE } from '../../contract/grades';
import type { Db } from '../store/sqlite/database';
import type { CatalogueCard } from './catalogue/catalogue-card';
import type { Era } from './grade-model';

/**
 * Graded copies in existence per recorded sale over the demo's history, by era: an old card's
 * copies were graded over decades and rarely change hands, a modern one's are fresh and trade often
 * (docs/demo-market.md, "Population report").
 */
export const COPIES_PER_SALE: Record<Era, number> = { vintage: 14, classic: 10, modern: 6, ultra: 4 };

/**
 * A grader's share of 10s among a card's graded copies, by era (the "gem rate" of shared/
 * methods-notes.md and market-references.md: a vintage 10 is rare, WOTC-era Pokemon 8-15 %, modern
 * pack-fresh 30-45 %). The top grade sells more often than its share of copies, so sales alone
 * would overstate it.
 */
export const GEM_RATE: Record<Era, number> = { vintage: 0.005, classic: 0.1, modern: 0.35, ultra: 0.4 };

/** Cards whose sourced gem rate differs from their era's (shared/market-references.md). */
export const ANCHORED_GEM_RATES: ReadonlyMap<string, number> = new Map([
  ['1986 fleer michael jordan #57 rc', 326 / 27_637],
  ['2023 panini prizm victor wembanyama #136 rc', 0.6],
]);

/**
 * Writes the demo market's synthetic population report (inside the caller's transaction), dated
 * `asOf`. For each card and grader with graded sales in the demo history: `ceil(sales x
 * COPIES_PER_SALE[era])` copies, the gem rate of them at 10 (the card's sourced one, else its
 * era's) and the rest over the other grades
 * that sold, in proportion to their sales. Cards are the catalogue in id order.
 */
export function writePopulationReport(db: Db, catalogue: readonly CatalogueCard[], asOf: string): number {
  const counts = db
    .prepare(
      'SELECT card_id, grade, count(*) AS sales FROM sales WHERE grade <> ? GROUP BY card_id, grade ORDER BY card_id, grade',
    )
    .all(RAW_GRADE) as { card_id: number; grade: string; sales: number }[];
  const insert = db.prepare(
    `INSERT INTO population (title_key, grade, grader, category, label, title, population, as_of)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  let written = 0;
  const write = (card: CatalogueCard, grader: string, grades: Map<string, number>) => {
    const sales = [...grades.values()].reduce((sum, n) => sum + n, 0);
    const copies = Math.ceil(sales * COPIES_PER_SALE[card.era]);
    const top = `${grader} 10`;
    const lower = [...grades].filter(([grade]) => grade !== top);
    const lowerSales = lower.reduce((sum, [, n]) => sum + n, 0);
    const gemRate = ANCHORED_GEM_RATES.get(normalizeTitle(card.title)) ?? GEM_RATE[card.era];
    const tens = lowerSales === 0 ? copies : Math.round(copies * gemRate);
    const rows: [string, number][] = tens > 0 ? [[top, tens]] : [];
    for (const [grade, n] of lower) rows.push([grade, Math.ceil(((copies - tens) * n) / lowerSales)]);
    for (const [grade, population] of rows) {
      insert.run(
        normalizeTitle(card.title),
        grade,
        grader,
        card.category,
        card.label,
        card.title,
        population,
        asOf,
      );
      written += 1;
    }
  };
  let current: { cardId: number; grader: string; grades: Map<string, number> } | null = null;
  for (const { card_id, grade, sales } of counts) {
    const grader = grade.slice(0, grade.indexOf(' '));
    if (current === null || current.cardId !== card_id || current.grader !== grader) {
      if (current !== null)
        write(catalogue[current.cardId - 1] as CatalogueCard, current.grader, current.grades);
      current = { cardId: card_id, grader, grades: new Map() };
    }
    current.grades.set(grade, sales);
  }
  if (current !== null) write(catalogue[current.cardId - 1] as CatalogueCard, current.grader, current.grades);
  return written;
}
