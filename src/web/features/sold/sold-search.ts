import { SOLD_DAYS, type SoldParams, SoldParamsSchema } from '../../../contract/params';
import { checkSearch, gradeForField, type SearchCheck } from '../../lib/card-query/check-search';

/** The sold-comp explorer's state, exactly as it sits in the URL: `/sold?q=...&grade=...&days=...`. */
export type SoldSearch = { q: string; grade: string; days: string };
export type SoldField = keyof SoldSearch;

const SOLD_FIELDS: readonly SoldField[] = ['q', 'grade', 'days'];

export function readSoldSearch(search: URLSearchParams): SoldSearch {
  return {
    q: search.get('q') ?? '',
    grade: gradeForField(search.get('grade')),
    days: search.get('days') ?? String(SOLD_DAYS.default),
  };
}

export function checkSoldSearch(search: SoldSearch): SearchCheck<SoldParams, SoldField> {
  return checkSearch(SoldParamsSchema, search, SOLD_FIELDS);
}

/** Canonical URL state: the grade in its canonical form (`PSA 10`), the default window left out. */
export function writeSoldSearch(params: SoldParams): URLSearchParams {
  const search = new URLSearchParams({ q: params.q });
  if (params.grade !== undefined) search.set('grade', params.grade);
  if (params.days !== SOLD_DAYS.default) search.set('days', String(params.days));
  return search;
}

/** The page's URL for these parameters with another q (a no_match suggestion keeps grade and days). */
export const soldHrefWithQuery = (params: SoldParams, q: string): string =>
  `/sold?${writeSoldSearch({ ...params, q }).toString()}`;

/** The URL for what the user submitted: canonical when valid, else as typed (the page shows the hints). */
export function soldSearchUrl(search: SoldSearch): URLSearchParams {
  const check = checkSoldSearch(search);
  if (check.status === 'ready') return writeSoldSearch(check.params);
  const raw = new URLSearchParams();
  for (const field of SOLD_FIELDS) if (search[field].trim() !== '') raw.set(field, search[field]);
  return raw;
}
