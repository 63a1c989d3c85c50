import { type ValueParams, ValueParamsSchema } from '../../../contract/params';
import { checkSearch, gradeForField, type SearchCheck } from '../../lib/card-query/check-search';

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

const readAnswer = (text: string | null): ValueAnswer => (text === 'plain' ? 'plain' : 'enriched');

export function readValueSearch(search: URLSearchParams): ValueSearch {
  return {
    q: search.get('q') ?? '',
    grade: gradeForField(search.get('grade')),
    min_price: search.get('min_price') ?? '',
    max_price: search.get('max_price') ?? '',
    answer: readAnswer(search.get('answer')),
  };
}

export function checkValueSearch(search: ValueSearch): SearchCheck<ValueParams, ValueField> {
  const { answer: _answer, ...fields } = search;
  return checkSearch(ValueParamsSchema, fields, VALUE_FIELDS);
}

/** Canonical URL state; the enriched answer is the default and is left out. */
export function writeValueSearch(params: ValueParams, answer: ValueAnswer): URLSearchParams {
  const search = new URLSearchParams({ q: params.q });
  if (params.grade !== undefined) search.set('grade', params.grade);
  if (params.min_price !== undefined) search.set('min_price', String(params.min_price));
  if (params.max_price !== undefined) search.set('max_price', String(params.max_price));
  if (answer === 'plain') search.set('answer', 'plain');
  return search;
}

/** The page's URL for these parameters with another q (a no_match suggestion keeps grade and prices). */
export const valueHrefWithQuery = (params: ValueParams, answer: ValueAnswer, q: string): string =>
  `/value?${writeValueSearch({ ...params, q }, answer).toString()}`;

/** The URL for what the user submitted: canonical when valid, else as typed (the page shows the hints). */
export function valueSearchUrl(search: ValueSearch): URLSearchParams {
  const check = checkValueSearch(search);
  if (check.status === 'ready') return writeValueSearch(check.params, search.answer);
  const raw = new URLSearchParams();
  for (const field of VALUE_FIELDS) if (search[field].trim() !== '') raw.set(field, search[field]);
  if (search.answer === 'plain') raw.set('answer', 'plain');
  return raw;
}
