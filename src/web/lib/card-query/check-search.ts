import type { z } from 'zod';
import { z as mini } from 'zod/mini';
import { canonicalGrade } from '../../../contract/grades';

/**
 * Client-side validation of a page's URL state with the contract's own parameter schema, so a bad
 * grade, window or price is refused with the server's hint before any request (and any quota) is spent.
 */
export type SearchCheck<Params, Field extends string> =
  | { status: 'idle' }
  | { status: 'invalid'; hints: Partial<Record<Field, string>> }
  | { status: 'ready'; params: Params };

export function checkSearch<Schema extends z.ZodType, Field extends string>(
  schema: Schema,
  raw: Record<Field, string | undefined>,
  fields: readonly Field[],
): SearchCheck<z.output<Schema>, Field> {
  const present = Object.fromEntries(
    Object.entries(raw).filter(([, value]) => typeof value === 'string' && value.trim() !== ''),
  );
  if (!('q' in present)) return { status: 'idle' };
  const result = schema.safeParse(present);
  if (result.success) return { status: 'ready', params: result.data };
  const hints: Partial<Record<Field, string>> = {};
  for (const issue of result.error.issues) {
    const field = fields.find((name) => name === issue.path[0]) ?? fields[0];
    if (field !== undefined && hints[field] === undefined) hints[field] = issue.message;
  }
  return { status: 'invalid', hints };
}

/** A grade from the URL as the field shows it: canonical when it is a grade (`psa10` -> `PSA 10`), else as typed. */
export const gradeForField = (text: string | null): string => {
  if (text === null) return '';
  return canonicalGrade(text) ?? text;
};

/**
 * The URL fields of a card search (the sold and value pages): `q` as typed, and the grade shown
 * canonically when it is one.
 */
export const CARD_SEARCH_URL_FIELDS = {
  q: mini._default(mini.string(), ''),
  grade: mini._default(
    mini.pipe(
      mini.string(),
      mini.transform((text: string) => gradeForField(text)),
    ),
    '',
  ),
};
