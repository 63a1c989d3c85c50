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
 * Writes the demo market's synthetic population report (inside the caller's transaction): for each
 * card and graded grade that sold in the demo history, `ceil(sales x COPIES_PER_SALE[era])` copies,
 * dated `asOf`. So a grade's population follows its share of the card's sales, which the era's
 * ladder sets: a vintage PSA 10 is rare, a modern one common. Cards are the catalogue in id order.
 */
export function writePopulationReport(db: Db, catalogue: readonly CatalogueCard[], asOf: string): number {
  const counts = db
    .prepare('SELECT card_id, grade, count(*) AS sales FROM sales WHERE grade <> ? GROUP BY card_id, grade')
    .all(RAW_GRADE) as { card_id: number; grade: string; sales: number }[];
  const insert = db.prepare(
    `INSERT INTO population (title_key, grade, grader, category, label, title, population, as_of)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const { card_id, grade, sales } of counts) {
    const card = catalogue[card_id - 1] as CatalogueCard;
    const grader = grade.slice(0, grade.indexOf(' '));
    const copies = Math.ceil(sales * COPIES_PER_SALE[card.era]);
    insert.run(
      normalizeTitle(card.title),
      grade,
      grader,
      card.category,
      card.label,
      card.title,
      copies,
      asOf,
    );
  }
  return counts.length;
}
