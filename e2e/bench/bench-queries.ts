import { queryWords } from '../../src/contract/card-query';
import { createPrng, type Prng } from '../../src/server/seed/prng';
import type { Db } from '../../src/server/store/sqlite/database';

/**
 * The questions the store benches ask (store.bench.ts, postgres.bench.ts), drawn the same way from
 * a SQLite store of the demo market: 500 card queries of 2 to 4 words of real titles (in shuffled
 * order), from cards that sold, weighted like traffic (a card appears as often as it trades); broad
 * one-word queries; and every label, for the index.
 */
export function benchQueries(db: Db): { queries: string[]; broad: string[]; labels: string[] } {
  const prng = createPrng(20261121);
  const titles = db
    .prepare('SELECT c.title FROM sales s JOIN cards c ON c.id = s.card_id WHERE s.id % 997 = 0')
    .pluck()
    .all() as string[];
  const queries: string[] = [];
  while (queries.length < 500) queries.push(someWordsOf(prng, prng.pick(titles)));
  const broad = ['pokemon', 'topps', 'prizm', 'chrome', 'panini', '2024', 'refractor', 'rc'];
  const labels = db.prepare('SELECT DISTINCT label FROM cards ORDER BY label').pluck().all() as string[];
  return { queries, broad, labels };
}

/** 2 to 4 of a title's words (all of a shorter one), in shuffled order: a query as a user types it. */
export function someWordsOf(prng: Prng, title: string): string {
  const words = queryWords(title);
  const count = Math.min(words.length, prng.int(2, 4));
  const chosen: string[] = [];
  const left = [...words];
  while (chosen.length < count) chosen.push(left.splice(prng.int(0, left.length - 1), 1)[0] as string);
  return chosen.join(' ');
}
