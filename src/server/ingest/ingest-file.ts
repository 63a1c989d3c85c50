import type { RebuildSummary } from '../store/derived-tables';
import { INGEST_COLUMNS, type IngestKind } from './ingest-kind';
import { importTimeLimits } from './parse-time';
import { detectFormat, type FileFormat, readRecords } from './read-records';
import { type IngestRow, validateRow } from './validate-row';

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
  /** The rebuild of the derived tables, null when nothing changed (or no sale or listing did). */
  rebuilt: RebuildSummary | null;
  /** The store's data version after the import, null when nothing changed. */
  dataVersion: number | null;
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
    dataVersion: null,
  };
  const reportBad = (bad: BadRow) => {
    result.badRows += 1;
    if (result.errors.length < BAD_ROWS_KEPT) result.errors.push(bad);
    options.onBadRow?.(bad);
  };
  return { result, reportBad };
}

/** One record of a file after validation, for a store to stage. */
export interface CheckedRecord {
  line: number;
  /** An unreadable record: its reason (nothing to stage). `fatal`: nothing after it can be read. */
  error?: string;
  sourceId: string | null;
  /** The row to stage, null when the record is bad. */
  row: IngestRow | null;
  /** Why the record is bad (empty when good); a store adds its duplicate-source_id reason. */
  reasons: string[];
}

/**
 * Every record of `path` read and validated, in file order, counting `result.rows`; the reading
 * stops after a fatal read error (yielded with its `error`). Both stores' ingest stage these.
 */
export async function* checkedRecords(
  kind: IngestKind,
  path: string,
  result: IngestResult,
  options: IngestOptions,
): AsyncGenerator<CheckedRecord> {
  const limits = importTimeLimits(options.now ?? Date.now());
  for await (const item of readRecords(path, result.format, INGEST_COLUMNS[kind])) {
    if ('error' in item) {
      yield { line: item.line, error: item.error, sourceId: null, row: null, reasons: [] };
      if (item.fatal) return;
      continue;
    }
    result.rows += 1;
    const check = validateRow(kind, item.record, limits);
    yield {
      line: item.line,
      sourceId: check.ok ? check.row.sourceId : sourceIdOf(item.record),
      row: check.ok ? check.row : null,
      reasons: check.ok ? [] : [...check.reasons],
    };
  }
}

/** The trimmed source_id of a record, when it has a usable one. */
function sourceIdOf(record: Record<string, unknown>): string | null {
  const value = record.source_id;
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  return text === '' ? null : text;
}
