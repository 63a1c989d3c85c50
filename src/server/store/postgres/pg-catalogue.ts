import type pg from 'pg';
import type { CardRow, MarketReader } from '../market-reader';
import { hasPhrase, tokenize, wordsQuery } from './pg-title-words';

/**
 * The card catalogue held in this process: every card (id, category, label, title) and its title's
 * search words (the `cards.search` column, folded by SQLite's own tokenizer: pg-title-words.ts),
 * with each word's cards. The q-driven operations ask the catalogue two or three times a call
 * (matchCards, then cards); from here those are answered in memory instead of one round trip each,
 * which on PostgreSQL was most of a q-driven call's time (docs/bench/postgres.md). It matches
 * exactly as the SQL form `search @> words` does, phrases included, and so as SQLite's FTS5
 * (pg-search.test.ts compares all three).
 */
export class PgCatalogue {
  /** Row index (in id order) of each card id. */
  private readonly indexOfId = new Map<number, number>();
  /** The row indexes (ascending, so ids ascending) of the cards whose search words include a word. */
  private readonly cardsOfWord = new Map<string, number[]>();

  constructor(
    private readonly rows: readonly CardRow[],
    private readonly searchWords: readonly (readonly string[])[],
  ) {
    rows.forEach((row, i) => {
      this.indexOfId.set(row.id, i);
      for (const word of searchWords[i] ?? []) {
        const cards = this.cardsOfWord.get(word);
        if (cards === undefined) this.cardsOfWord.set(word, [i]);
        else cards.push(i);
      }
    });
  }

  /** Every card of the database, in id order, with its search words. */
  static async read(pool: pg.Pool): Promise<PgCatalogue> {
    const { rows } = await pool.query<CardRow & { search: string[] | null }>(
      'SELECT id, category, label, title, search FROM cards ORDER BY id',
    );
    return new PgCatalogue(
      rows.map(({ id, category, label, title }) => ({ id, category, label, title })),
      rows.map((row) => row.search ?? []),
    );
  }

  /** The ids of the cards whose titles hold every word (MarketReader.matchCards), ascending. */
  match(words: readonly string[]): number[] {
    if (words.length === 0) return [];
    const query = wordsQuery(words);
    if (query === null) return [];
    // The rarest word's cards, kept when their search words hold every other required word.
    const [rarest, ...others] = [...query.required].sort((a, b) => this.cardCount(a) - this.cardCount(b));
    let found = this.cardsOfWord.get(rarest as string) ?? [];
    if (others.length > 0) {
      found = found.filter((i) => others.every((word) => (this.searchWords[i] as string[]).includes(word)));
    }
    if (query.phrases.length > 0) {
      // A word that folds to several tokens is a phrase: they must also be adjacent, in order.
      const tokens = tokenize(found.map((i) => (this.rows[i] as CardRow).title));
      found = found.filter((_, k) =>
        query.phrases.every((phrase) => hasPhrase(tokens[k] as string[], phrase)),
      );
    }
    return found.map((i) => (this.rows[i] as CardRow).id);
  }

  private cardCount(word: string): number {
    return this.cardsOfWord.get(word)?.length ?? 0;
  }

  /** The cards of these ids that exist, once each, in id order (MarketReader.cards). */
  cards(ids: readonly number[]): CardRow[] {
    const found: number[] = [];
    for (const id of new Set(ids)) {
      const i = this.indexOfId.get(id);
      if (i !== undefined) found.push(i);
    }
    return found.sort((a, b) => a - b).map((i) => this.rows[i] as CardRow);
  }

  /** Every card, in id order (MarketReader.allCards). */
  all(): CardRow[] {
    return [...this.rows];
  }

  /** Every title, in id order (MarketReader.titles). */
  titles(): string[] {
    return this.rows.map((row) => row.title);
  }
}

/**
 * The reader, with matchCards, cards and titles answered from a catalogue (`PgCatalogue`) read
 * again only when the change count moves, as the market state is (pg-store.ts, `untilChange`).
 */
export function catalogueUntilChange(
  reader: MarketReader,
  catalogue: () => Promise<PgCatalogue>,
): MarketReader {
  return {
    ...reader,
    matchCards: async (words) => (await catalogue()).match(words),
    cards: async (ids) => (await catalogue()).cards(ids),
    titles: async () => (await catalogue()).titles(),
    allCards: async () => (await catalogue()).all(),
  };
}
