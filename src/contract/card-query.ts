/** decisions.md: `q` is split into words on anything that is not a letter or digit. */
export const Q_MAX_LENGTH = 200;
export const Q_MAX_WORDS = 12;

export function queryWords(q: string): string[] {
  return q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/**
 * decisions.md, "Exact title": a q that starts and ends with a double quote asks for the card(s)
 * whose title equals the quoted text (case-insensitive, runs of white space read as one space).
 * Returns that text, normalised, or null for an ordinary word query.
 */
export function exactTitleOf(q: string): string | null {
  const trimmed = q.trim();
  if (trimmed.length < 2 || !trimmed.startsWith('"') || !trimmed.endsWith('"')) return null;
  return normalizeTitle(trimmed.slice(1, -1));
}

/** How titles compare for an exact-title query: lower case, white space runs as one space, trimmed. */
export const normalizeTitle = (title: string): string => title.trim().replace(/\s+/g, ' ').toLowerCase();

/** The q that asks for exactly this card (the dashboard's "this card only" links). */
export const exactTitleQuery = (title: string): string => `"${title}"`;

export type CardQueryProblem = 'empty' | 'too_long' | 'too_many_words';

export function checkCardQuery(q: string): CardQueryProblem | null {
  if (q.length > Q_MAX_LENGTH) return 'too_long';
  const words = queryWords(q);
  if (words.length === 0) return 'empty';
  if (words.length > Q_MAX_WORDS) return 'too_many_words';
  return null;
}

export const CARD_QUERY_HINT = `Send q as 1 to ${Q_MAX_WORDS} words of a card title (letters and digits, any order), at most ${Q_MAX_LENGTH} characters, such as q=charizard base set.`;

/**
 * A `no_match` hint names a query that does match in one sentence of this form, so that a client
 * (the dashboard) can offer it as a link: words only, never an exact title.
 */
export const suggestionSentence = (words: string[]): string => `Try q=${words.join(' ')} instead.`;

export function suggestedQueryOf(hint: string): string | null {
  const match = /Try q=([\p{L}\p{N}]+(?: [\p{L}\p{N}]+)*) instead\./u.exec(hint);
  return match?.[1] ?? null;
}
