import type { IngestKind } from '../../ingest/ingest-kind';
import type { IngestRow } from '../../ingest/validate-row';
import type { Db } from './database';

/**
 * The staging table of one import: a TEMP table (private to the connection, on disk when large),
 * so validating a million rows holds no lock on the shared store and little memory. Its primary
 * key on source_id finds duplicates inside the file.
 */
export interface IngestStaging {
  /**
   * Stages a row (null: a bad row, kept only to find later duplicates of its source_id); returns
   * the line of an earlier row with the same source_id, or null.
   */
  add(line: number, sourceId: string, row: IngestRow | null): number | null;
  /** Commits the staged rows (call before the write transaction that merges them). */
  finish(): void;
  /** Moves the staged rows into the store (inside the caller's write transaction). */
  merge(): { added: number; alreadyPresent: number; ended: number; newCards: number };
  drop(): void;
}

const STAGING_BATCH = 5000;

export function openStaging(db: Db, kind: IngestKind): IngestStaging {
  const table = `temp.ingest_${kind}`;
  db.exec(`DROP TABLE IF EXISTS ${table}`);
  db.exec(`CREATE TABLE ${table} (
    source_id TEXT PRIMARY KEY,
    line INTEGER NOT NULL,
    category TEXT,
    label TEXT,
    title TEXT,
    grade TEXT,
    price REAL,
    at INTEGER,
    ended_at INTEGER
  )`);
  const insert = db.prepare(
    `INSERT INTO ${table} (source_id, line, category, label, title, grade, price, at, ended_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (source_id) DO NOTHING`,
  );
  const firstLine = db.prepare(`SELECT line FROM ${table} WHERE source_id = ?`).pluck();
  // Batches of staged rows share a transaction on the TEMP database only: the store is not locked.
  let pending = 0;
  const flush = () => {
    if (pending > 0 && db.inTransaction) db.exec('COMMIT');
    pending = 0;
  };

  return {
    add(line, sourceId, row) {
      if (!db.inTransaction) db.exec('BEGIN');
      const { changes } = insert.run(
        sourceId,
        line,
        row?.category ?? null,
        row?.label ?? null,
        row?.title ?? null,
        row?.grade ?? null,
        row?.price ?? null,
        row?.at ?? null,
        row?.endedAt ?? null,
      );
      pending += 1;
      if (pending >= STAGING_BATCH) flush();
      if (changes === 1) return null;
      return firstLine.get(sourceId) as number;
    },
    finish: flush,
    merge() {
      const newCards = db
        .prepare(
          `INSERT INTO cards (category, label, title)
           SELECT DISTINCT category, label, title FROM ${table} WHERE true
           ON CONFLICT (category, label, title) DO NOTHING`,
        )
        .run().changes;
      const staged = db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
      const target = kind === 'sales' ? 'sales' : 'listings';
      const columns =
        kind === 'sales'
          ? 'card_id, grade, price, sold_at, source_id'
          : 'card_id, grade, price, listed_at, ended_at, source_id';
      const values =
        kind === 'sales'
          ? 'c.id, s.grade, s.price, s.at, s.source_id'
          : 'c.id, s.grade, s.price, s.at, s.ended_at, s.source_id';
      const added = db
        .prepare(
          `INSERT INTO ${target} (${columns})
           SELECT ${values} FROM ${table} s
             JOIN cards c ON c.category = s.category AND c.label = s.label AND c.title = s.title
            WHERE NOT EXISTS (SELECT 1 FROM ${target} x WHERE x.source_id = s.source_id)
            ORDER BY c.id, s.at`,
        )
        .run().changes;
      const ended =
        kind === 'listings'
          ? db
              .prepare(
                `UPDATE listings SET ended_at = s.ended_at
                   FROM ${table} s
                  WHERE listings.source_id = s.source_id
                    AND listings.ended_at IS NULL AND s.ended_at IS NOT NULL
                    AND s.ended_at >= listings.listed_at`,
              )
              .run().changes
          : 0;
      return { added, alreadyPresent: staged - added, ended, newCards };
    },
    drop() {
      if (db.inTransaction) db.exec('ROLLBACK');
      db.exec(`DROP TABLE IF EXISTS ${table}`);
    },
  };
}
