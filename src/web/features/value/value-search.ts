import { z } from 'zod/mini';
import { type ValueParams, ValueParamsSchema } from '../../../contract/params';
import { CARD_SEARCH_URL_FIELDS, checkSearch, type SearchCheck } from '../../lib/card-query/check-search';
import { type UrlSchema, urlSchema } from '../../lib/url-state/url-schema';

/** Which answer the page reads: the plain `/v1/value` or the enriched `/v3/value`. */
export const VALUE_ANSWERS = ['enriched', 'plain'] as const;
export type ValueAnswer = (typeof VALUE_ANSWERS)[number];

/** The card value lookup's state, exactly as it sits in the URL. */
export type ValueSearch = {
  q: string;
  grade: string;
  min_price: string;
  max_price: string;
  answer: ValueAnswer;
};
export type ValueField = Exclude<keyof ValueSearch, 'answer'>;

const VALUE_FIELDS: readonly ValueField[] = ['q', 'grade', 'min_price', 'max_price'];

/** The fields as typed (checked by `checkValueSearch`); the grade shown canonically when it is one. */
export const VALUE_URL = urlSchema({
  ...CARD_SEARCH_URL_FIELDS,
  min_price: z._default(z.string(), ''),
  max_price: z._default(z.string(), ''),
  answer: z._default(
    z.enum(VALUE_ANSWERS, {
      error: (issue) =>
        `answer "${String(issue.input)}" is not enriched or plain; showing the enriched answer.`,
    }),
    'enriched',
  ),
}) satisfies UrlSchema<ValueSearch>;

export const readValueSearch = (search: URLSearchParams): ValueSearch => VALUE_URL.read(search).view;

export function checkValueSearch(search: ValueSearch): SearchCheck<ValueParams, ValueField> {
  const { answer: _answer, ...fields } = search;
  return checkSearch(ValueParamsSchema, fields, VALUE_FIELDS);
}

const valueFields = (params: ValueParams, answer: ValueAnswer): ValueSearch => ({
  q: params.q,
  grade: params.grade ?? '',
  min_price: params.min_price === undefined ? '' : String(params.min_price),
  max_price: params.max_price === undefined ? '' : String(params.max_price),
  answer,
});

/** Canonical URL state; the enriched answer is the default and is left out. */
export const writeValueSearch = (params: ValueParams, answer: ValueAnswer): URLSearchParams =>
  VALUE_URL.write(valueFields(params, answer));

/** The page's URL for these parameters with another q (a no_match suggestion keeps grade and prices). */
export const valueHrefWithQuery = (params: ValueParams, answer: ValueAnswer, q: string): string =>
  `/value?${writeValueSearch({ ...params, q }, answer).toString()}`;

/** What the user submitted, for the URL: canonical when valid, else as typed (the page shows the hints). */
export function canonicalValueSearch(search: ValueSearch): ValueSearch {
  const check = checkValueSearch(search);
  if (check.status === 'ready') return valueFields(check.params, search.answer);
  const blankAsAbsent = (text: string) => (text.trim() === '' ? '' : text);
  return {
    q: blankAsAbsent(search.q),
    grade: blankAsAbsent(search.grade),
    min_price: blankAsAbsent(search.min_price),
    max_price: blankAsAbsent(search.max_price),
    answer: search.answer,
  };
}
