import { describe, expect, it } from 'vitest';
import { canonicalGrade, GRADE_LADDER } from '../../../contract/grades';
import { openDatabase } from './database';

describe('market schema', () => {
  it('numbers all 96 canonical grades in ladder order', () => {
    expect(GRADE_LADDER).toHaveLength(96);
    expect(GRADE_LADDER.slice(0, 3)).toEqual(['Raw', 'BGS 1', 'CGC 1']);
    expect(GRADE_LADDER.slice(-2)).toEqual(['SGC 10', 'TAG 10']);
    for (const grade of GRADE_LADDER) expect(canonicalGrade(grade)).toBe(grade);
  });

  it("packs every sale's price and grade as cents * 128 + the grade's code, exactly", () => {
    const db = openDatabase(':memory:');
    db.prepare(
      "INSERT INTO cards (id, category, label, title) VALUES (1, 'pokemon', 'Base Set', 'Card')",
    ).run();
    const insert = db.prepare('INSERT INTO sales (card_id, grade, price, sold_at) VALUES (1, ?, ?, ?)');
    GRADE_LADDER.forEach((grade, i) => {
      insert.run(grade, 1234.56 + i, i);
    });
    const rows = db
      .prepare(
        'SELECT s.price_grade, s.price, g.code FROM sales s JOIN grade_codes g ON g.grade = s.grade ORDER BY s.sold_at',
      )
      .all() as { price_grade: number; price: number; code: number }[];
    expect(rows).toHaveLength(96);
    rows.forEach((row, i) => {
      expect(row.code).toBe(i + 1);
      expect(row.price_grade).toBe(Math.round(row.price * 100) * 128 + row.code);
    });
  });
});
