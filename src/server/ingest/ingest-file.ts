import type { RebuildSummary } from '../store/derived-tables';
import type { IngestKind } from './ingest-kind';
import { detectFormat, type FileFormat } from './read-records';

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
