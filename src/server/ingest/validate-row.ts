import { CATEGORIES, isCategory } from '../../contract/categories';
import { canonicalGrade } from '../../contract/grades';
import { roundCents } from '../../contract/rounding';
import type { IngestKind } from './ingest-kind';
import { importTimeLimits, parseTime, type TimeLimits } from './parse-time';

/** One valid row, ready for the staging table. Times are UTC epoch ms. */
export interface IngestRow {
  sourceId: string;
  category: string;
  label: string;
  title: string;
  grade: string;
  price: number;
  /** sold_at of a sale, listed_at of a listing. */
  at: number;
  /** ended_at of a listing (null while active); always null for a sale. */
  endedAt: number | null;
}

export type RowCheck = { ok: true; row: IngestRow } | { ok: false; reasons: string[] };

const MAX_SOURCE_ID = 200;
const MAX_LABEL = 120;
const MAX_TITLE = 300;
const PRICE_TEXT = /^\d+(\.\d+)?$/;
/** $100 billion: far above any card, and well inside exact integer arithmetic in cents. */
const MAX_PRICE_CENTS = 10_000_000_000_000;

/**
 * Checks every field of one record and gives all the reasons it is refused, or the clean row.
 * `limits` are the times the import accepts (`importTimeLimits` of the time of the import).
 */
export function validateRow(
  kind: IngestKind,
  record: Record<string, unknown>,
  limits: TimeLimits = importTimeLimits(Date.now()),
): RowCheck {
  const reasons: string[] = [];
  const text = fieldText(record);
  /** The time in a column (null when refused, with the reason added), or undefined when empty. */
  const time = (column: string): number | null | undefined => {
    const value = text(column);
    if (value === '') return undefined;
    const check = parseTime(value, limits);
    if (check.ok) return check.ms;
    reasons.push(`${column} "${clip(value)}" ${check.reason}`);
    return null;
  };

  const sourceId = text('source_id');
  if (sourceId === '') reasons.push('missing source_id');
  else if (sourceId.length > MAX_SOURCE_ID) reasons.push(`source_id longer than ${MAX_SOURCE_ID} characters`);

  const timeColumn = kind === 'sales' ? 'sold_at' : 'listed_at';
  const at = time(timeColumn);
  if (at === undefined) reasons.push(`missing ${timeColumn}`);

  let endedAt: number | null = null;
  if (kind === 'listings') {
    endedAt = time('ended_at') ?? null;
    if (endedAt !== null && typeof at === 'number' && endedAt < at)
      reasons.push('ended_at is before listed_at');
  }

  const { category: categoryText, label, title } = checkCard(text, reasons);

  const gradeText = text('grade');
  const grade = canonicalGrade(gradeText);
  if (gradeText === '') reasons.push('missing grade');
  else if (grade === null)
    reasons.push(`grade "${clip(gradeText)}" is not a grade (such as PSA 10, BGS 9.5 or Raw)`);

  const price = parsePrice(record.price);
  if (typeof price === 'string') reasons.push(price);

  if (reasons.length > 0) return { ok: false, reasons };
  return {
    ok: true,
    row: {
      sourceId,
      category: categoryText,
      label,
      title,
      grade: grade as string,
      price: price as number,
      at: at as number,
      endedAt,
    },
  };
}

/** The price, or the reason it is refused. */
function parsePrice(value: unknown): number | string {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    return 'missing price';
  }
  let price: number;
  if (typeof value === 'number') price = value;
  else if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed.startsWith('-')) return `negative price "${clip(trimmed)}"`;
    if (!PRICE_TEXT.test(trimmed)) return `price "${clip(trimmed)}" is not a number such as 125 or 99.50`;
    price = Number(trimmed);
  } else return 'price is not a number';
  if (!Number.isFinite(price)) return 'price is not a finite number';
  if (price < 0) return `negative price ${price}`;
  // Prices are kept to the cent (half up).
  const cents = Math.round(roundCents(price) * 100);
  if (cents === 0) return 'price must be at least 0.01';
  if (cents > MAX_PRICE_CENTS)
    return `price ${price} is above ${(MAX_PRICE_CENTS / 100).toLocaleString('en-US')}, the most a price may be`;
  return cents / 100;
}

/** A record's field as trimmed text ('' when absent or neither text nor a number). */
export const fieldText =
  (record: Record<string, unknown>) =>
  (name: string): string => {
    const value = record[name];
    if (value === undefined || value === null) return '';
    return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  };

/** The card of a record (category, label, title), each refusal added to `reasons`. */
export function checkCard(
  text: (name: string) => string,
  reasons: string[],
): { category: string; label: string; title: string } {
  const category = text('category').toLowerCase();
  if (category === '') reasons.push('missing category');
  else if (!isCategory(category)) {
    reasons.push(`unknown category "${clip(text('category'))}" (one of: ${CATEGORIES.join(', ')})`);
  }

  const label = collapse(text('label'));
  if (label === '') reasons.push('missing label');
  else if (label.length > MAX_LABEL) reasons.push(`label longer than ${MAX_LABEL} characters`);

  const title = collapse(text('title'));
  if (title === '') reasons.push('missing title');
  else if (title.length > MAX_TITLE) reasons.push(`title longer than ${MAX_TITLE} characters`);
  else if (!/[\p{L}\p{N}]/u.test(title)) reasons.push('title has no letter or digit to search by');
  return { category, label, title };
}

const collapse = (value: string): string => value.replace(/\s+/g, ' ').trim();
export const clip = (value: string): string => (value.length > 40 ? `${value.slice(0, 40)}…` : value);
