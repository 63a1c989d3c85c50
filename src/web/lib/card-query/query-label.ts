import { exactTitleOf } from '../../../contract/card-query';

/** The text between the double quotes of an exact-title q, as typed; null for a word query. */
export const quotedTitleOf = (q: string): string | null =>
  exactTitleOf(q) === null ? null : q.trim().slice(1, -1).trim();

/**
 * How headings name q: `“charizard base”` for words, and for an exact title (the q of the "this
 * card only" links) the title once, without its straight quotes inside the curly ones.
 */
export const queryLabel = (q: string): string => {
  const title = quotedTitleOf(q);
  return title === null ? `“${q}”` : `“${title}” (this card only)`;
};
