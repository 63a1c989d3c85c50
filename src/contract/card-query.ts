/** decisions.md: `q` is split into words on anything that is not a letter or digit. */
export const Q_MAX_LENGTH = 200;
export const Q_MAX_WORDS = 12;

export function queryWords(q: string): string[] {
  return q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

export type CardQueryProblem = 'empty' | 'too_long' | 'too_many_words';

export function checkCardQuery(q: string): CardQueryProblem | null {
  if (q.length > Q_MAX_LENGTH) return 'too_long';
  const words = queryWords(q);
  if (words.length === 0) return 'empty';
  if (words.length > Q_MAX_WORDS) return 'too_many_words';
  return null;
}

export const CARD_QUERY_HINT = `Send q as 1 to ${Q_MAX_WORDS} words of a card title (letters and digits, any order), at most ${Q_MAX_LENGTH} characters, such as q=charizard base set.`;
