import { checkCardQuery, exactTitleQuery } from '../../../contract/card-query';
import { canonicalGrade } from '../../../contract/grades';
import type { CollectionDraft, CollectionItem } from '../../lib/collection/collection-item';
import { csvFile, unguardCell } from '../../lib/csv-file';

/** decisions.md, "Collections (dashboard)": the one CSV header of a collection. */
export const COLLECTION_CSV_HEADER = 'title,grade,quantity,cost,acquired,note';
export const NOTE_MAX_LENGTH = 500;
export const QUANTITY_MAX = 10_000;

/**
 * The collection as CSV (csv-file.ts): the header, then one line per item; a title or note that
 * would start a formula is written with a `'` before it, which the import takes off again.
 */
export function collectionCsv(items: readonly CollectionItem[]): string {
  return csvFile(
    COLLECTION_CSV_HEADER.split(','),
    items.map((item) => [item.title, item.grade, item.quantity, item.cost, item.acquired, item.note]),
  );
}

/** One record of a CSV file with the line it starts on (1 = the header). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/**
 * RFC 4180 records: fields separated by commas, quoted with `"` (a quote doubled inside), quoted
 * fields may hold commas and line ends; `\n` or `\r\n` end a record; blank lines are skipped.
 * An unterminated quote is reported as `{unterminated: line}`.
 */
export function parseCsvRecords(text: string): { records: CsvRecord[]; unterminated: number | null } {
  const records: CsvRecord[] = [];
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let line = 1;
  let start = 1;
  let fields: string[] = [];
  let current = '';
  let quoted = false;
  let touched = false;
  const endRecord = () => {
    fields.push(current);
    if (touched || fields.length > 1 || current !== '') records.push({ line: start, fields });
    fields = [];
    current = '';
    touched = false;
  };
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i] as string;
    if (quoted) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          current += '"';
          i += 1;
        } else quoted = false;
      } else {
        if (char === '\n') line += 1;
        current += char;
      }
      continue;
    }
    if (char === '"') {
      quoted = true;
      touched = true;
    } else if (char === ',') {
      fields.push(current);
      current = '';
      touched = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      start = line;
    } else {
      current += char;
      touched = true;
    }
  }
  if (quoted) return { records, unterminated: start };
  if (touched || current !== '' || fields.length > 0) endRecord();
  return { records, unterminated: null };
}

export interface RowProblem {
  line: number;
  /** The row's title as written (empty for a header or file problem). */
  title: string;
  message: string;
}

export interface ParsedRow {
  line: number;
  draft: CollectionDraft;
}

export interface ParsedCollection {
  rows: ParsedRow[];
  problems: RowProblem[];
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const isCalendarDate = (text: string): boolean => {
  const match = DATE.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

const MONEY = /^\d+(?:\.\d{1,2})?$/;

/** The problem of one draft's fields, or null: the same rules for the form and the CSV. */
export function draftProblem(draft: CollectionDraft, today: string): string | null {
  if (draft.title.trim() === '') return 'the title is empty';
  if (checkCardQuery(exactTitleQuery(draft.title)) !== null)
    return 'the title is not a card title (1 to 12 words, at most 200 characters)';
  if (!Number.isInteger(draft.quantity) || draft.quantity < 1 || draft.quantity > QUANTITY_MAX)
    return `the quantity must be a whole number from 1 to ${QUANTITY_MAX}`;
  if (draft.cost !== null && !(Number.isFinite(draft.cost) && draft.cost >= 0))
    return 'the cost must be a price in dollars, such as 120 or 120.50';
  if (draft.acquired !== null && (!isCalendarDate(draft.acquired) || draft.acquired > today))
    return `the date bought must be a date as YYYY-MM-DD, not after ${today}`;
  if (draft.note.length > NOTE_MAX_LENGTH) return `the note is over ${NOTE_MAX_LENGTH} characters`;
  return null;
}

/** One CSV row's draft, or why it is not one. */
function rowDraft(fields: string[], today: string): CollectionDraft | string {
  if (fields.length !== 6) return `it has ${fields.length} fields, not the 6 of the header`;
  const [title, gradeText, quantityText, costText, acquiredText, note] = fields.map(unguardCell) as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const grade = canonicalGrade(gradeText);
  if (grade === null)
    return `unknown grade "${gradeText}" (use PSA 10, BGS 9.5, CGC 9, SGC 10, TAG 8.5 or Raw)`;
  if (!/^\d+$/.test(quantityText.trim())) return `bad quantity "${quantityText}": a whole number from 1`;
  if (costText.trim() !== '' && !MONEY.test(costText.trim()))
    return `bad cost "${costText}": a price in dollars such as 120 or 120.50, or empty`;
  const draft: CollectionDraft = {
    title: title.trim().replace(/\s+/g, ' '),
    grade,
    quantity: Number(quantityText.trim()),
    cost: costText.trim() === '' ? null : Number(costText.trim()),
    acquired: acquiredText.trim() === '' ? null : acquiredText.trim(),
    note,
  };
  return draftProblem(draft, today) ?? draft;
}

/**
 * A collection CSV, checked row by row without the API: the header, then each row's fields.
 * `today` (YYYY-MM-DD) bounds the dates bought. Whether each title is a card is the API's
 * question (import-check.ts).
 */
export function parseCollectionCsv(text: string, today: string): ParsedCollection {
  const { records, unterminated } = parseCsvRecords(text);
  const problems: RowProblem[] = [];
  const rows: ParsedRow[] = [];
  const [header, ...body] = records;
  if (header === undefined || header.fields.join(',') !== COLLECTION_CSV_HEADER) {
    return {
      rows,
      problems: [
        { line: 1, title: '', message: `the first line must be the header ${COLLECTION_CSV_HEADER}` },
      ],
    };
  }
  for (const record of body) {
    const draft = rowDraft(record.fields, today);
    if (typeof draft === 'string')
      problems.push({ line: record.line, title: record.fields[0] ?? '', message: draft });
    else rows.push({ line: record.line, draft });
  }
  if (unterminated !== null)
    problems.push({
      line: unterminated,
      title: '',
      message: 'a quoted field is not closed before the end of the file',
    });
  return { rows, problems };
}
