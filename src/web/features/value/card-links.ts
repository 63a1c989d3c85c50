import { checkCardQuery } from '../../../contract/card-query';

/** The index chart of one label (the index-charts page reads these two parameters). */
export const indexChartHref = (category: string, label: string): string =>
  `/index?${new URLSearchParams({ category, label }).toString()}`;

/** The same card on the other page, keeping the grade when there is one. */
export function cardPageHref(page: '/sold' | '/value', q: string, grade?: string): string {
  const search = new URLSearchParams({ q });
  if (grade) search.set('grade', grade);
  return `${page}?${search.toString()}`;
}

/** A matched card's title as a narrower q, when the title is a valid card query at all. */
export const titleAsQuery = (title: string): string | null => (checkCardQuery(title) === null ? title : null);
