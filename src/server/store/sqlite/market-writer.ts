import type { Db } from './database';

/**
 * The writes of the seed and the ingest, behind one module (the SQL of a PostgreSQL store would
 * replace this file and market-reader.ts). Callers run these inside one write transaction.
 */
export interface MarketWriter {
  insertCard(card: { id: number; category: string; label: string; title: string }): void;
  insertSale(sale: { cardId: number; grade: string; price: number; soldAt: number }): void;
  insertListing(listing: {
    cardId: number;
    grade: string;
    price: number;
    listedAt: number;
    endedAt: number | null;
  }): void;
}

/** Deletes every card, sale, listing, population count and derived row; keys, usage and the data version stay. */
export function clearMarket(db: Db): void {
  db.exec(`
    DELETE FROM label_movers;
    DELETE FROM snapshot_labels;
    DELETE FROM snapshot_categories;
    DELETE FROM listings;
    DELETE FROM sales;
    DELETE FROM cards;
    DELETE FROM population;
    DELETE FROM market_meta WHERE key <> 'data_version';
    INSERT INTO card_search (card_search) VALUES ('rebuild');
  `);
}

/** True when the store holds no card and no sale (a fresh file: `npm start` seeds it). */
export function isStoreMarketEmpty(db: Db): boolean {
  const row = db
    .prepare(
      'SELECT (SELECT count(*) FROM (SELECT 1 FROM cards LIMIT 1)) + (SELECT count(*) FROM (SELECT 1 FROM sales LIMIT 1)) AS n',
    )
    .get() as { n: number };
  return row.n === 0;
}

export function createMarketWriter(db: Db): MarketWriter {
  const card = db.prepare('INSERT INTO cards (id, category, label, title) VALUES (?, ?, ?, ?)');
  const sale = db.prepare('INSERT INTO sales (card_id, grade, price, sold_at) VALUES (?, ?, ?, ?)');
  const listing = db.prepare(
    'INSERT INTO listings (card_id, grade, price, listed_at, ended_at) VALUES (?, ?, ?, ?, ?)',
  );
  return {
    insertCard: (c) => card.run(c.id, c.category, c.label, c.title),
    insertSale: (s) => sale.run(s.cardId, s.grade, s.price, s.soldAt),
    insertListing: (l) => listing.run(l.cardId, l.grade, l.price, l.listedAt, l.endedAt),
  };
}
