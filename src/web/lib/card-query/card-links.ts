import { checkCardQuery, exactTitleQuery } from '../../../contract/card-query';

/** The index chart of one label (the index-charts page reads these two parameters). */
export const indexChartHref = (category: string, label: string): string =>
  `/index?${new URLSearchParams({ category, label }).toString()}`;

/** The same card on the other page, keeping the grade when there is one. */
export function cardPageHref(page: '/sold' | '/value', q: string, grade?: string): string {
  const search = new URLSearchParams({ q });
  if (grade) search.set('grade', grade);
  return `${page}?${search.toString()}`;
}

/**
 * The q that asks for this one card (the title in double quotes, `exactTitleQuery`): without the
 * quotes, the Base Set Charizard's title also matches its 1st Edition and Shadowless cards. Null
 * when the title is not a valid card query at all (too long, too many words).
 */
export const exactCardQuery = (title: string): string | null => {
  const q = exactTitleQuery(title);
  return checkCardQuery(q) === null ? q : null;
};

/** The card page of one card (its exact title), optionally in one grade. */
export function cardHref(title: string, grade?: string): string {
  const search = new URLSearchParams({ title });
  if (grade) search.set('grade', grade);
  return `/card?${search.toString()}`;
}
