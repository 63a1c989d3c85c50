import type { DerivedComputation, RebuildSummary } from '../store/derived-tables';
import { recordDataOrigin } from '../store/market-meta';
import type { Db } from '../store/sqlite/database';
import { rebuildDerived } from '../store/sqlite/rebuild-derived';
import { INGEST_COLUMNS, type IngestKind } from './ingest-kind';
import { importTimeLimits } from './parse-time';
import { detectFormat, type FileFormat, readRecords } from './read-records';
import { type IngestStaging, openStaging } from './staging';
import { validateRow } from './validate-row';

export interface BadRow {
  line: number;
  reason: string;
}

export interface IngestResult {
  kind: IngestKind;
  format: FileFormat;
  /** Rows read (good and bad). */
  rows: number;
  /** Bad rows found; when above zero nothing was changed. */
  badRows: number;
  /** The first bad rows, by line (all of them up to BAD_ROWS_KEPT). */
  errors: BadRow[];
  /** Rows added to the store. */
  added: number;
  /** Rows whose source_id the store already had (nothing added for them). */
  alreadyPresent: number;
  /** Listings already in the store that this file reports as ended since. */
  ended: number;
  newCards: number;
  /** The rebuild of the derived tables, null when nothing changed. */
  rebuilt: RebuildSummary | null;
}

export const BAD_ROWS_KEPT = 1000;

export interface IngestOptions {
  format?: FileFormat;
  /** Called for every bad row as it is found (the CLI prints each one). */
  onBadRow?: (bad: BadRow) => void;
  /**
   * The time of the import (UTC epoch ms; now by default): a row dated more than one day after it
   * is a bad row. Tests pass a fixed time.
   */
  now?: number;
}

/**
 * Imports a sales or listings file, all or nothing. Rows stream through validation into a
 * connection-private staging table (bounded memory; duplicate source_ids inside the file caught by
 * its key). Any bad row: nothing changes and every bad row is reported. Otherwise one write
 * transaction adds the new cards and the rows whose source_id the store lacks, and rebuilds the
 * derived tables (computed by `derive`), so readers in other processes see the old data or the new,
 * never a mix.
 */
export async function ingestFile(
  db: Db,
  derive: DerivedComputation,
  kind: IngestKind,
  path: string,
  options: IngestOptions = {},
): Promise<IngestResult> {
  const limits = importTimeLimits(options.now ?? Date.now());
  const { result, reportBad } = await startIngest(kind, path, options);

  const staging: IngestStaging = openStaging(db, kind);
  try {
    for await (const item of readRecords(path, result.format, INGEST_COLUMNS[kind])) {
      if ('error' in item) {
        reportBad({ line: item.line, reason: item.error });
        if (item.fatal) break;
        continue;
      }
      result.rows += 1;
      const check = validateRow(kind, item.record, limits);
      const reasons = check.ok ? [] : [...check.reasons];
      const sourceId = check.ok ? check.row.sourceId : sourceIdOf(item.record);
      if (sourceId !== null) {
        const firstLine = staging.add(item.line, sourceId, check.ok ? check.row : null);
        if (firstLine !== null)
          reasons.push(`duplicate source_id "${sourceId}" (first on line ${firstLine})`);
      }
      if (reasons.length > 0) reportBad({ line: item.line, reason: reasons.join('; ') });
    }
    result.errors.sort((a, b) => a.line - b.line);
    if (result.badRows > 0) return result;
    staging.finish();

    const applied = db
      .transaction(() => {
        const merged = staging.merge();
        if (merged.added + merged.ended > 0) recordDataOrigin(db, 'ingest');
        const rebuilt = merged.added + merged.ended > 0 ? rebuildDerived(db, derive) : null;
        return { ...merged, rebuilt };
      })
      .immediate();
    result.added = applied.added;
    result.alreadyPresent = applied.alreadyPresent;
    result.ended = applied.ended;
    result.newCards = applied.newCards;
    result.rebuilt = applied.rebuilt;
    return result;
  } finally {
    staging.drop();
  }
}

/**
 * The empty result of an import of `path` (its format detected unless given), and how a bad row is
 * counted into it (the first BAD_ROWS_KEPT kept, each told to `onBadRow`): the start of either
 * store's ingest.
 */
export async function startIngest(
  kind: IngestKind,
  path: string,
  options: IngestOptions,
): Promise<{ result: IngestResult; reportBad: (bad: BadRow) => void }> {
  const result: IngestResult = {
    kind,
    format: options.format ?? (await detectFormat(path)),
    rows: 0,
    badRows: 0,
    errors: [],
    added: 0,
    alreadyPresent: 0,
    ended: 0,
    newCards: 0,
    rebuilt: null,
  };
  const reportBad = (bad: BadRow) => {
    result.badRows += 1;
    if (result.errors.length < BAD_ROWS_KEPT) result.errors.push(bad);
    options.onBadRow?.(bad);
  };
  return { result, reportBad };
}

/** The trimmed source_id of a record, when it has a usable one. */
export function sourceIdOf(record: Record<string, unknown>): string | null {
  const value = record.source_id;
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  return text === '' ? null : text;
}
