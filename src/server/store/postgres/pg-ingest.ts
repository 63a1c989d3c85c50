import type pg from 'pg';
import {
  type CheckedRecord,
  checkedRecords,
  type IngestOptions,
  type IngestResult,
  startIngest,
} from '../../ingest/ingest-file';
import type { IngestKind } from '../../ingest/ingest-kind';
import { POPULATION_UPSERT, readPopulationFile } from '../../ingest/population-file';
import type { DerivedComputation } from '../derived-tables';
import { announceChange } from './pg-changes';
import { inPgTransaction, MARKET_WRITE_LOCK } from './pg-database';
import { pgReadMarketState, pgRecordDataOrigin, pgWriteMarketState } from './pg-market-meta';
import { pgRebuildDerived } from './pg-rebuild-derived';

/** Rows validated before they are staged together (one INSERT) and their duplicates looked up. */
const STAGING_BATCH = 5000;

/**
 * ingest-file.ts on PostgreSQL: the same file formats, rules and result (readRecords, validateRow).
 * Rows stream through validation into a TEMP staging table on one connection of the pool (private
 * to it; bounded memory), STAGING_BATCH rows per INSERT; a source_id seen before in the file is a
 * bad row naming the line it was first on. Any bad row: nothing changes and every bad row is
 * reported, in the order found (`onBadRow` hears of them a batch at a time). Otherwise ONE
 * transaction adds the new cards and the rows whose source_id the store lacks (ids as SQLite would
 * give them: next after the highest, in the same order), ends listings, rebuilds the derived tables
 * and announces the change, so every server process sees the old market or the new, never a mix.
 */
export async function pgIngestFile(
  pool: pg.Pool,
  derive: DerivedComputation,
  kind: IngestKind,
  path: string,
  options: IngestOptions = {},
): Promise<IngestResult> {
  if (kind === 'population') return pgIngestPopulation(pool, path, options);
  const { result, reportBad } = await startIngest(kind, path, options);

  const client = await pool.connect();
  let broken: unknown;
  try {
    const staging = `pg_temp.ingest_${kind}`;
    await client.query(`DROP TABLE IF EXISTS ${staging}`);
    await client.query(`CREATE TEMP TABLE ingest_${kind} (
      source_id text COLLATE "C" PRIMARY KEY,
      line integer NOT NULL,
      category text COLLATE "C",
      label text COLLATE "C",
      title text COLLATE "C",
      grade text COLLATE "C",
      price double precision,
      at bigint,
      ended_at bigint
    )`);
    let pending: CheckedRecord[] = [];
    const flush = async () => {
      await stageBatch(client, staging, pending);
      for (const item of pending) {
        if (item.error !== undefined) reportBad({ line: item.line, reason: item.error });
        else if (item.reasons.length > 0) reportBad({ line: item.line, reason: item.reasons.join('; ') });
      }
      pending = [];
    };
    for await (const record of checkedRecords(kind, path, result, options)) {
      pending.push(record);
      if (pending.length >= STAGING_BATCH) await flush();
    }
    await flush();
    result.errors.sort((a, b) => a.line - b.line);
    if (result.badRows > 0) return result;

    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_advisory_xact_lock($1)', [MARKET_WRITE_LOCK]);
      const merged = await merge(client, staging, kind);
      let rebuilt = null;
      if (merged.added + merged.ended > 0) {
        await pgRecordDataOrigin(client, 'ingest');
        rebuilt = await pgRebuildDerived(client, derive);
        await announceChange(client, 'market');
      }
      await client.query('COMMIT');
      result.added = merged.added;
      result.alreadyPresent = merged.alreadyPresent;
      result.ended = merged.ended;
      result.newCards = merged.newCards;
      result.rebuilt = rebuilt;
      result.dataVersion = rebuilt?.dataVersion ?? null;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    }
    return result;
  } catch (error) {
    broken = error;
    throw error;
  } finally {
    await client.query(`DROP TABLE IF EXISTS pg_temp.ingest_${kind}`).catch((error: unknown) => {
      broken ??= error;
    });
    // A connection in an unknown state (a failed query, a lost server) is closed, not reused.
    client.release(broken instanceof Error ? broken : undefined);
  }
}

/**
 * Stages a batch (duplicates of an earlier source_id of the file are not staged again, and get
 * their reason: the first line of that source_id, whether that row was good or bad).
 */
async function stageBatch(client: pg.ClientBase, staging: string, batch: CheckedRecord[]): Promise<void> {
  const firstInBatch = new Map<string, number>();
  const fresh: CheckedRecord[] = [];
  for (const item of batch) {
    if (item.sourceId === null) continue;
    if (!firstInBatch.has(item.sourceId)) {
      firstInBatch.set(item.sourceId, item.line);
      fresh.push(item);
    }
  }
  if (fresh.length === 0) return;
  const column = <T>(pick: (item: CheckedRecord) => T) => fresh.map(pick);
  const { rows } = await client.query<{ source_id: string; line: number; staged: boolean }>(
    `WITH batch AS (
       SELECT * FROM unnest($1::text[], $2::integer[], $3::text[], $4::text[], $5::text[], $6::text[],
                            $7::float8[], $8::bigint[], $9::bigint[])
         AS b (source_id, line, category, label, title, grade, price, at, ended_at)),
     earlier AS (
       SELECT s.source_id, s.line FROM ${staging} s JOIN batch b USING (source_id)),
     staged AS (
       INSERT INTO ${staging} SELECT * FROM batch WHERE source_id NOT IN (SELECT source_id FROM earlier)
       RETURNING source_id)
     SELECT source_id, line, false AS staged FROM earlier`,
    [
      column((item) => item.sourceId),
      column((item) => item.line),
      column((item) => item.row?.category ?? null),
      column((item) => item.row?.label ?? null),
      column((item) => item.row?.title ?? null),
      column((item) => item.row?.grade ?? null),
      column((item) => item.row?.price ?? null),
      column((item) => item.row?.at ?? null),
      column((item) => item.row?.endedAt ?? null),
    ],
  );
  const firstLine = new Map(firstInBatch);
  for (const row of rows) firstLine.set(row.source_id, row.line);
  const earlier = new Set(rows.map((row) => row.source_id));
  for (const item of batch) {
    if (item.sourceId === null) continue;
    const first = firstLine.get(item.sourceId) as number;
    if (earlier.has(item.sourceId) || first !== item.line) {
      item.reasons.push(`duplicate source_id "${item.sourceId}" (first on line ${first})`);
    }
  }
}

/** staging.ts's merge on PostgreSQL (inside the caller's transaction). */
async function merge(
  client: pg.ClientBase,
  staging: string,
  kind: IngestKind,
): Promise<{ added: number; alreadyPresent: number; ended: number; newCards: number }> {
  // New cards numbered after the highest id, in the order of their first line (as SQLite's
  // INTEGER PRIMARY KEY numbers its DISTINCT scan of the staging table).
  const newCards =
    (
      await client.query(
        `INSERT INTO cards (id, category, label, title)
         SELECT (SELECT coalesce(max(id), 0) FROM cards) + row_number() OVER (ORDER BY first_line),
                category, label, title
           FROM (SELECT category, label, title, min(line) AS first_line FROM ${staging} s
                  WHERE NOT EXISTS (SELECT 1 FROM cards c
                                     WHERE c.category = s.category AND c.label = s.label AND c.title = s.title)
                  GROUP BY category, label, title) AS n`,
      )
    ).rowCount ?? 0;
  const staged = Number((await client.query(`SELECT count(*) AS n FROM ${staging}`)).rows[0].n);
  const target = kind === 'sales' ? 'sales' : 'listings';
  const columns =
    kind === 'sales'
      ? 'id, card_id, grade, price, sold_at, source_id'
      : 'id, card_id, grade, price, listed_at, ended_at, source_id';
  const values =
    kind === 'sales'
      ? 'c.id, s.grade, s.price, s.at, s.source_id'
      : 'c.id, s.grade, s.price, s.at, s.ended_at, s.source_id';
  const added =
    (
      await client.query(
        `INSERT INTO ${target} (${columns})
         SELECT (SELECT coalesce(max(id), 0) FROM ${target}) + row_number() OVER (ORDER BY c.id, s.at, s.line),
                ${values}
           FROM ${staging} s
           JOIN cards c ON c.category = s.category AND c.label = s.label AND c.title = s.title
          WHERE NOT EXISTS (SELECT 1 FROM ${target} x WHERE x.source_id = s.source_id)`,
      )
    ).rowCount ?? 0;
  const ended =
    kind === 'listings'
      ? ((
          await client.query(
            `UPDATE listings SET ended_at = s.ended_at
               FROM ${staging} s
              WHERE listings.source_id = s.source_id
                AND listings.ended_at IS NULL AND s.ended_at IS NOT NULL
                AND s.ended_at >= listings.listed_at`,
          )
        ).rowCount ?? 0)
      : 0;
  return { added, alreadyPresent: staged - added, ended, newCards };
}

/** A population report on PostgreSQL: the same rules as on SQLite (sqlite-ingest.ts), one transaction. */
async function pgIngestPopulation(
  pool: pg.Pool,
  path: string,
  options: IngestOptions,
): Promise<IngestResult> {
  const { result, rows } = await readPopulationFile(path, options);
  if (result.badRows > 0) return result;
  let stored = 0;
  result.dataVersion = await inPgTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MARKET_WRITE_LOCK]);
    for (let start = 0; start < rows.length; start += STAGING_BATCH) {
      const batch = rows.slice(start, start + STAGING_BATCH);
      const column = <T>(pick: (row: (typeof rows)[number]) => T) => batch.map(pick);
      const { rowCount } = await client.query(
        `INSERT INTO population (title_key, grade, grader, category, label, title, population, as_of)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
                              $7::integer[], $8::text[])
         ${POPULATION_UPSERT}`,
        [
          column((row) => row.titleKey),
          column((row) => row.grade),
          column((row) => row.grader),
          column((row) => row.category),
          column((row) => row.label),
          column((row) => row.title),
          column((row) => row.population),
          column((row) => row.asOf),
        ],
      );
      stored += rowCount ?? 0;
    }
    if (stored === 0) return null;
    const version = await pgWriteMarketState(client, await pgReadMarketState(client));
    await announceChange(client, 'market');
    return version;
  });
  result.added = stored;
  result.alreadyPresent = rows.length - stored;
  return result;
}
