import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { extname } from 'node:path';
import { parse } from 'csv-parse';

/**
 * Streams the records of a CSV (header row, csv-parse) or NDJSON (one JSON object a line) file with
 * their line numbers, in bounded memory. A line that cannot be read as a record comes out as an
 * error for that line; a CSV header without a required column is one error on line 1, and ends
 * the file, as does an empty file (no CSV header line, no NDJSON line with content): an empty
 * file is a mistake upstream, not an import of nothing. A CSV header with no rows is no error.
 * A record over MAX_RECORD_BYTES is an error without ever being held whole: an NDJSON line is
 * skipped to its end, a CSV record ends the file (where it ends cannot be known).
 */
export type FileFormat = 'csv' | 'ndjson';

export const MAX_RECORD_BYTES = 1_048_576;

const TOO_LONG = `a record over 1 MB (${MAX_RECORD_BYTES.toLocaleString('en-US')} bytes), the most one may have`;

export type SourceRecord =
  | { line: number; record: Record<string, unknown> }
  | { line: number; error: string; fatal?: boolean };

export async function detectFormat(path: string): Promise<FileFormat> {
  const extension = extname(path).toLowerCase();
  if (extension === '.csv') return 'csv';
  if (extension === '.ndjson' || extension === '.jsonl' || extension === '.json') return 'ndjson';
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(512);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const head = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart();
    return head.startsWith('{') ? 'ndjson' : 'csv';
  } finally {
    await handle.close();
  }
}

export async function* readRecords(
  path: string,
  format: FileFormat,
  required: readonly string[],
): AsyncGenerator<SourceRecord> {
  if (format === 'csv') yield* readCsv(path, required);
  else yield* readNdjson(path);
}

async function* readCsv(path: string, required: readonly string[]): AsyncGenerator<SourceRecord> {
  const skipped: Array<{ line: number; error: string }> = [];
  let header: string[] | null = null;
  const parser = createReadStream(path).pipe(
    parse({
      bom: true,
      columns: (names: string[]) => {
        header = names.map((name) => name.trim().toLowerCase());
        return header;
      },
      skip_empty_lines: true,
      relax_quotes: false,
      info: true,
      max_record_size: MAX_RECORD_BYTES,
      skip_records_with_error: true,
      on_skip: (error) => {
        // Thrown on, so that the parser stops: the rest of the record is not read.
        if ((error as { code?: string } | undefined)?.code === 'CSV_MAX_RECORD_SIZE') throw error;
        const line = (error as { lines?: number } | undefined)?.lines ?? 0;
        const problem = csvProblem(error?.message ?? 'unreadable CSV record');
        // One record can fail twice (a stray quote, then the quote never closed): one line, both reasons.
        const last = skipped.at(-1);
        if (last !== undefined && last.line === line) last.error = `${last.error}; ${problem}`;
        else skipped.push({ line, error: problem });
      },
    }),
  );
  let checkedHeader = false;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: Record<string, string>;
      info: { lines: number };
    }>) {
      if (!checkedHeader) {
        checkedHeader = true;
        const missing = missingColumns(header, required);
        if (missing) {
          yield missing;
          parser.destroy();
          return;
        }
      }
      // Skips read ahead of this record wait: a second error of their record may still come.
      while (skipped.length > 0 && (skipped[0]?.line ?? 0) < info.lines)
        yield skipped.shift() as SourceRecord;
      yield { line: info.lines, record };
    }
  } catch (error) {
    const { code, lines } = error as { code?: string; lines?: number };
    if (code !== 'CSV_MAX_RECORD_SIZE') throw error;
    yield* skipped;
    yield { line: lines ?? 1, fatal: true, error: `${TOO_LONG}; nothing after it was read` };
    return;
  }
  if (!checkedHeader && header !== null) {
    const missing = missingColumns(header, required);
    if (missing) {
      yield missing;
      return;
    }
  }
  if (header === null && skipped.length === 0) {
    yield emptyFile(`no header line (needs: ${required.join(', ')})`);
    return;
  }
  yield* skipped;
}

function missingColumns(header: string[] | null, required: readonly string[]): SourceRecord | null {
  const present = new Set(header ?? []);
  const missing = required.filter((column) => !present.has(column));
  if (missing.length === 0) return null;
  return {
    line: 1,
    fatal: true,
    error: `the header lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (needs: ${required.join(', ')})`,
  };
}

function emptyFile(what: string): SourceRecord {
  return { line: 1, fatal: true, error: `the file is empty: ${what}` };
}

/** csv-parse messages, without its trailing "on line N" (the line is reported apart). */
function csvProblem(message: string): string {
  // The parser names the line in its message; FILE:LINE already does.
  return `unreadable CSV record: ${message.replace(/\s+(on|at) line \d+\.?/g, '')}`;
}

async function* readNdjson(path: string): AsyncGenerator<SourceRecord> {
  let content = false;
  for await (const { line, text: raw } of readLines(path)) {
    if (raw === null) {
      content = true;
      yield { line, error: TOO_LONG };
      continue;
    }
    const text = line === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (text.trim() === '') continue;
    content = true;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      yield { line, error: 'not a JSON object (NDJSON wants one object per line)' };
      continue;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      yield { line, error: 'not a JSON object (NDJSON wants one object per line)' };
      continue;
    }
    yield { line, record: value as Record<string, unknown> };
  }
  if (!content) yield emptyFile('no JSON object (NDJSON wants one object per line)');
}

const LF = 0x0a;

/**
 * The lines of a file (ended by LF or CRLF) as UTF-8 text with their numbers; a line over
 * MAX_RECORD_BYTES is `null`, its bytes dropped as they are read.
 */
async function* readLines(path: string): AsyncGenerator<{ line: number; text: string | null }> {
  let parts: Buffer[] = [];
  let size = 0;
  let line = 1;
  const take = (): { line: number; text: string | null } => {
    const text =
      size > MAX_RECORD_BYTES ? null : Buffer.concat(parts, size).toString('utf8').replace(/\r$/, '');
    parts = [];
    size = 0;
    return { line: line++, text };
  };
  const add = (bytes: Buffer) => {
    size += bytes.length;
    if (size <= MAX_RECORD_BYTES) parts.push(bytes);
    else parts = [];
  };
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    let start = 0;
    for (let end = chunk.indexOf(LF); end !== -1; end = chunk.indexOf(LF, start)) {
      add(chunk.subarray(start, end));
      yield take();
      start = end + 1;
    }
    if (start < chunk.length) add(chunk.subarray(start));
  }
  if (size > 0) yield take();
}
