import Database from 'better-sqlite3';

/**
 * The catalogue search's words, folded by the very tokenizer the SQLite store searches with: FTS5's
 * `unicode61 remove_diacritics 2` (market-schema.ts), run in a private in-memory SQLite database. So
 * a title's words on PostgreSQL are what SQLite's card_search holds for it (case- and accent-folded,
 * split at every character unicode61 calls a separator, including its own Unicode tables' quirks),
 * and a query word folds as SQLite folds it: the two stores match the same cards by construction,
 * not by a re-implementation that could drift (docs/postgres-store.md, "Search").
 */
const BATCH = 2000;

let tokenizer: { db: Database.Database; insert: Database.Statement; read: Database.Statement } | null = null;

function open() {
  if (tokenizer) return tokenizer;
  const db = new Database(':memory:');
  db.exec(`
    CREATE VIRTUAL TABLE words USING fts5(text, content = '', tokenize = 'unicode61 remove_diacritics 2');
    CREATE VIRTUAL TABLE word_instances USING fts5vocab(words, 'instance');
  `);
  tokenizer = {
    db,
    insert: db.prepare('INSERT INTO words (rowid, text) VALUES (?, ?)'),
    read: db.prepare('SELECT doc, term FROM word_instances ORDER BY doc, "offset"').raw(),
  };
  return tokenizer;
}

/** Each text's tokens, in order (repeats kept), as SQLite's FTS5 unicode61 remove_diacritics 2 makes them. */
export function tokenize(texts: readonly string[]): string[][] {
  const { db, insert, read } = open();
  const out: string[][] = texts.map(() => []);
  for (let start = 0; start < texts.length; start += BATCH) {
    const end = Math.min(texts.length, start + BATCH);
    const rows = db.transaction(() => {
      for (let i = start; i < end; i += 1) insert.run(i + 1, texts[i] as string);
      const found = read.all() as [number, string][];
      db.exec("INSERT INTO words (words) VALUES ('delete-all')");
      return found;
    })();
    for (const [doc, term] of rows) (out[doc - 1] as string[]).push(term);
  }
  return out;
}

/** A title's distinct search words (the `cards.search` column), sorted. */
export const searchWordsOf = (tokens: readonly string[]): string[] => [...new Set(tokens)].sort();

/**
 * A query as FTS5 reads the SQLite store's `"word1" "word2"` (sqlite/sqlite-market-reader.ts, ftsWordsQuery): each
 * word is a phrase of its tokens (usually one); a word with no token constrains nothing, and a query
 * of such words only matches nothing.
 */
export interface WordsQuery {
  /** Every token of every phrase: a matching title's search words contain them all. */
  required: string[];
  /** The phrases of two or more tokens, which must also occur in the title in that order, adjacent. */
  phrases: string[][];
}

const queryCache = new Map<string, string[]>();
const QUERY_CACHE_SIZE = 5000;

export function wordsQuery(words: readonly string[]): WordsQuery | null {
  const unknown = words.filter((word) => !queryCache.has(word));
  if (unknown.length > 0) {
    if (queryCache.size + unknown.length > QUERY_CACHE_SIZE) queryCache.clear();
    tokenize(unknown).forEach((tokens, i) => {
      queryCache.set(unknown[i] as string, tokens);
    });
  }
  const phrases = words.map((word) => queryCache.get(word) as string[]).filter((tokens) => tokens.length > 0);
  if (phrases.length === 0) return null;
  return {
    required: [...new Set(phrases.flat())].sort(),
    phrases: phrases.filter((tokens) => tokens.length > 1),
  };
}

/** Whether `phrase` occurs in `tokens` as a contiguous run. */
export function hasPhrase(tokens: readonly string[], phrase: readonly string[]): boolean {
  outer: for (let i = 0; i + phrase.length <= tokens.length; i += 1) {
    for (let j = 0; j < phrase.length; j += 1) if (tokens[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}
