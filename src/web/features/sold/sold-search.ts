import { z } from 'zod/mini';
import { SOLD_DAYS } from '../../../contract/param-limits';
import { type SoldParams, SoldParamsSchema } from '../../../contract/params';
import { CARD_SEARCH_URL_FIELDS, checkSearch, type SearchCheck } from '../../lib/card-query/check-search';
import { type UrlSchema, urlSchema } from '../../lib/url-state/url-schema';

/** The sold-comp explorer's state, exactly as it sits in the URL: `/sold?q=...&grade=...&days=...`. */
export type SoldSearch = { q: string; grade: string; days: string };
export type SoldField = keyof SoldSearch;

const SOLD_FIELDS: readonly SoldField[] = ['q', 'grade', 'days'];

/** The fields as typed (checked by `checkSoldSearch`); the grade shown canonically when it is one. */
export const SOLD_URL = urlSchema({
  ...CARD_SEARCH_URL_FIELDS,
  days: z._default(z.string(), String(SOLD_DAYS.default)),
}) satisfies UrlSchema<SoldSearch>;

export const readSoldSearch = (search: URLSearchParams): SoldSearch => SOLD_URL.read(search).view;

export function checkSoldSearch(search: SoldSearch): SearchCheck<SoldParams, SoldField> {
  return checkSearch(SoldParamsSchema, search, SOLD_FIELDS);
}

const soldFields = (params: SoldParams): SoldSearch => ({
  q: params.q,
  grade: params.grade ?? '',
  days: String(params.days),
});

/** Canonical URL state: the grade in its canonical form (`PSA 10`), the default window left out. */
export const writeSoldSearch = (params: SoldParams): URLSearchParams => SOLD_URL.write(soldFields(params));

/** The page's URL for these parameters with another q (a no_match suggestion keeps grade and days). */
export const soldHrefWithQuery = (params: SoldParams, q: string): string =>
  `/sold?${writeSoldSearch({ ...params, q }).toString()}`;

/** What the user submitted, for the URL: canonical when valid, else as typed (the page shows the hints). */
export function canonicalSoldSearch(search: SoldSearch): SoldSearch {
  const check = checkSoldSearch(search);
  if (check.status === 'ready') return soldFields(check.params);
  const blankAsAbsent = (text: string) => (text.trim() === '' ? '' : text);
  return { q: blankAsAbsent(search.q), grade: blankAsAbsent(search.grade), days: blankAsAbsent(search.days) };
}
