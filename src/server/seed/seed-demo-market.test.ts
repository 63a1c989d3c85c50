import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../contract/categories';
import { createMarketAnalytics } from '../analytics/create-market-analytics';
import type { MarketAnalytics } from '../analytics/market-analytics';
import { type Db, openDatabase } from '../store/database';
import { readMarketState } from '../store/market-meta';
import { defaultAsOf, isMarketEmpty, seedDemoMarket } from './seed-demo-market';

const AS_OF = '2026-11-21';
const dir = mkdtempSync(join(tmpdir(), 'slab-seed-'));

/** Answers of every operation for a spread of parameters: what "byte-identical" is judged on. */
function answers(analytics: MarketAnalytics): string {
  const q = ['charizard base set', 'ohtani', 'topps chrome', 'pokemon', 'prizm silver'];
  const safe = (run: () => unknown) => {
    try {
      return run();
    } catch (error) {
      return { error: (error as Error).message };
    }
  };
  return JSON.stringify([
    analytics.categories({}),
    ...CATEGORIES.map((category) => analytics.categories({ category })),
    analytics.floor({}),
    analytics.index({}),
    analytics.index({ label: 'Base Set' }),
    analytics.movers({ limit: 100 }),
    ...q.map((text) => safe(() => analytics.sold({ q: text, days: 30 }))),
    ...q.map((text) => safe(() => analytics.value({ q: text }))),
    ...q.map((text) => safe(() => analytics.enrichedValue({ q: text, grade: 'PSA 10' }))),
  ]);
}

function seeded(name: string, seed: number): Db {
  const db = openDatabase(join(dir, name));
  expect(isMarketEmpty(db)).toBe(true);
  seedDemoMarket(db, { seed, asOf: AS_OF, scale: 'small' });
  expect(isMarketEmpty(db)).toBe(false);
  return db;
}

let first: Db;
beforeAll(() => {
  first = seeded('a.db', 7);
});

describe('demo market generator', () => {
  it('gives byte-identical answers for the same seed and as-of, in another file', () => {
    const second = seeded('b.db', 7);
    expect(answers(createMarketAnalytics(second))).toBe(answers(createMarketAnalytics(first)));
    second.close();
  });

  it('gives a different market for another seed', () => {
    const other = seeded('c.db', 8);
    expect(answers(createMarketAnalytics(other))).not.toBe(answers(createMarketAnalytics(first)));
    other.close();
  });

  it('covers all 19 categories with labels, sales over 400 days to the as-of day, and snapshots from 2026-05-29', () => {
    const categories = first.prepare('SELECT DISTINCT category FROM cards ORDER BY 1').pluck().all();
    expect(categories).toEqual([...CATEGORIES].sort());
    const cards = first.prepare('SELECT count(*) FROM cards').pluck().get() as number;
    expect(cards).toBeGreaterThan(2000);
    const range = first.prepare('SELECT min(sold_at) AS first, max(sold_at) AS last FROM sales').get() as {
      first: number;
      last: number;
    };
    expect(new Date(range.last).toISOString().slice(0, 10)).toBe(AS_OF);
    expect(new Date(range.first).toISOString().slice(0, 10)).toBe('2025-10-18'); // 399 days before
    expect(readMarketState(first).snapshotDate).toBe(AS_OF);
    const days = first
      .prepare('SELECT min(day), max(day), count(DISTINCT day) FROM snapshot_categories')
      .raw()
      .get();
    expect(days).toEqual(['2026-05-29', AS_OF, 177]);
  });

  it('prices grades the way collectors expect: PSA 10 several times PSA 9, raw far below', () => {
    const median = (grade: string) =>
      first
        .prepare(
          `SELECT median(ratio) FROM (
             SELECT s.card_id, avg(s.price) / (SELECT avg(price) FROM sales r WHERE r.card_id = s.card_id AND r.grade = 'PSA 9') AS ratio
               FROM sales s JOIN cards c ON c.id = s.card_id
              WHERE s.grade = ? AND c.category NOT IN ('vintage')
              GROUP BY s.card_id)
            WHERE ratio IS NOT NULL`,
        )
        .pluck()
        .get(grade) as number;
    expect(median('PSA 10')).toBeGreaterThan(2.5);
    expect(median('Raw')).toBeLessThan(0.5);
  });

  it('makes movers, trends and verdicts differ between cards', () => {
    const analytics = createMarketAnalytics(first);
    const movers = analytics.movers({ limit: 100 }).movers;
    expect(movers.length).toBeGreaterThan(10);
    expect(new Set(movers.map((row) => row.direction))).toEqual(new Set(['up', 'down']));
    const titles = first
      .prepare(
        'SELECT c.title FROM cards c JOIN sales s ON s.card_id = c.id GROUP BY c.id ORDER BY count(*) DESC LIMIT 40',
      )
      .pluck()
      .all() as string[];
    const verdicts = new Set(titles.map((title) => analytics.enrichedValue({ q: title }).verdict));
    expect(verdicts.size).toBeGreaterThanOrEqual(2);
  });

  it('replaces the market but keeps API keys and their usage', () => {
    const db = seeded('keys.db', 3);
    db.prepare(
      "INSERT INTO api_keys (id, key_hash, tier, created_at) VALUES ('k1', 'h', 'free', '2026-01-01')",
    ).run();
    db.prepare("INSERT INTO key_usage (key_id, month, used) VALUES ('k1', '2026-11', 5)").run();
    const version = readMarketState(db).dataVersion;
    seedDemoMarket(db, { seed: 4, asOf: AS_OF, scale: 'small' });
    expect(db.prepare('SELECT count(*) FROM api_keys').pluck().get()).toBe(1);
    expect(db.prepare('SELECT used FROM key_usage').pluck().get()).toBe(5);
    expect(readMarketState(db).dataVersion).toBe(version + 1);
    db.close();
  });

  it('refuses an as-of before the first index day or not a date', () => {
    const db = openDatabase(':memory:');
    expect(() => seedDemoMarket(db, { asOf: '2026-05-01', scale: 'small' })).toThrow(/2026-05-29/);
    expect(() => seedDemoMarket(db, { asOf: '2026-13-01', scale: 'small' })).toThrow(/YYYY-MM-DD/);
    expect(isMarketEmpty(db)).toBe(true);
  });
});

describe('defaultAsOf', () => {
  it('is yesterday (UTC), so the whole as-of day of sales lies before the clock; never before the index start', () => {
    expect(defaultAsOf(new Date('2026-11-22T01:29:00Z'))).toBe('2026-11-21');
    expect(defaultAsOf(new Date('2026-11-22T23:59:59Z'))).toBe('2026-11-21');
    expect(defaultAsOf(new Date('2027-01-01T00:00:00Z'))).toBe('2026-12-31');
    expect(defaultAsOf(new Date('2026-05-30T08:00:00Z'))).toBe('2026-05-29');
    expect(defaultAsOf(new Date('2026-05-29T08:00:00Z'))).toBe('2026-05-29');
    expect(defaultAsOf(new Date('2026-03-01T08:00:00Z'))).toBe('2026-05-29');
  });
});
