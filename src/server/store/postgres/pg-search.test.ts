import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryWords } from '../../../contract/card-query';
import type { MarketReader } from '../market-reader';
import { type Db, openDatabase } from '../sqlite/database';
import { createMarketReader } from '../sqlite/sqlite-market-reader';
import { PgCatalogue } from './pg-catalogue';
import { openPgDatabase } from './pg-database';
import { createPgMarketReader } from './pg-market-reader';
import { fillSearchWords } from './pg-rebuild-derived';
import { createTestDatabase, type TestDatabase } from './testing/test-postgres';

/** Titles that test the word rules: accents, case, punctuation, apostrophes, hyphens, scripts. */
const TITLES = [
  '1999 Pokémon Base Set Charizard Holo #4',
  '1999 Pokemon Base Set Blastoise Holo #2/102',
  '1999 POKÉMON JAPANESE Base Set Venusaur',
  '1979 O-Pee-Chee Wayne Gretzky RC #18',
  '2003 Topps Chrome LeBron James 1st Edition',
  "1992 Fleer Ultra Shaquille O'Neal #328",
  '1992 Upper Deck Shaquille O’Neal Rookie',
  '2018 Panini Prizm Luka Dončić #280 RC',
  '2017 Panini Kylian Mbappé Rookie',
  '2014 Panini Zlatan Ibrahimović',
  '2020 Topps Ørjan Nyland',
  '1974 Bundesliga Gerd Müller Straße',
  '2022 İstanbul Başakşehir Sticker',
  'ﬁnal Fantasy Cloud Strife',
  'Ｐｏｋｅｍｏｎ Fullwidth Pikachu',
  'ポケモン リザードン 1996',
  'Ångström Œuvre naïve café',
  'Poke\u0301mon decomposed Mewtwo',
  'x\u0305y overline',
  'Ἀθῆναι 2004 Olympic Pin',
  '⚡ Pikachu Illustrator PSA-10',
  '1990 Marvel Spider-Man #1 Jean-Luc',
  'Shohei Ohtani 1/1 Superfractor',
  "Wayne's World 1st Ed.",
];

const QUERIES = [
  'pokemon',
  'POKÉMON',
  'pokémon charizard',
  'charizard pokemon',
  'o pee chee',
  'opeechee',
  'oneal',
  'o neal',
  's',
  'mbappe',
  'ibrahimovic',
  'orjan',
  'ørjan',
  'strasse',
  'straße',
  'muller',
  'doncic',
  'istanbul',
  'basaksehir',
  'final',
  'ﬁnal',
  'ｐｏｋｅｍｏｎ',
  'ポケモン',
  'ホケモン',
  'angstrom',
  'oeuvre',
  'œuvre',
  'naive cafe',
  'x',
  'y',
  'xy',
  'athenai',
  'αθηναι',
  'ἀθῆναι',
  'pikachu',
  'spider man',
  'spiderman',
  'jean luc',
  '1',
  '4',
  '102',
  'psa 10',
  '18 rc',
  'gretzky 1979',
  '1st',
  'first',
  'wayne',
  'ed',
  'mewtwo pokemon',
  'nothing here',
];

describe('catalogue search on PostgreSQL: the same words as SQLite FTS5 (unicode61 remove_diacritics 2)', () => {
  // Both PostgreSQL forms: the SQL one (search @> words) and the catalogue the store keeps in memory.
  let database: TestDatabase;
  let pool: pg.Pool;
  let db: Db;
  let sqlite: MarketReader;
  let postgres: MarketReader;
  let catalogue: PgCatalogue;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = await openPgDatabase(database.url);
    db = openDatabase(':memory:');
    const insert = db.prepare('INSERT INTO cards (id, category, label, title) VALUES (?, ?, ?, ?)');
    TITLES.forEach((title, i) => {
      insert.run(i + 1, 'misc', 'Misc', title);
    });
    db.exec("INSERT INTO card_search (card_search) VALUES ('rebuild')");
    await pool.query(
      `INSERT INTO cards (id, category, label, title)
       SELECT i, 'misc', 'Misc', t FROM unnest($1::text[]) WITH ORDINALITY AS u (t, i)`,
      [TITLES],
    );
    const client = await pool.connect();
    await fillSearchWords(client);
    client.release();
    sqlite = createMarketReader(db);
    postgres = await createPgMarketReader(pool);
    catalogue = await PgCatalogue.read(pool);
  });
  afterAll(async () => {
    db?.close();
    await pool?.end();
    await database?.drop();
  });

  it('matches the same cards for every query, and for every word and word pair of every title', async () => {
    const queries = QUERIES.map(queryWords);
    for (const title of TITLES) {
      const words = queryWords(title);
      for (const word of words) queries.push([word]);
      for (let i = 0; i + 1 < words.length; i += 1)
        queries.push([words[i + 1] as string, words[i] as string]);
      queries.push(words);
    }
    const differences: string[] = [];
    for (const words of queries) {
      const [expected, actual] = await Promise.all([sqlite.matchCards(words), postgres.matchCards(words)]);
      const kept = catalogue.match(words);
      if (
        JSON.stringify(expected) !== JSON.stringify(actual) ||
        JSON.stringify(expected) !== JSON.stringify(kept)
      ) {
        differences.push(
          `${JSON.stringify(words)}: SQLite ${JSON.stringify(expected)}, PostgreSQL ${JSON.stringify(actual)}, catalogue ${JSON.stringify(kept)}`,
        );
      }
    }
    expect(differences).toEqual([]);
  });

  it('gives the expected answers on the tricky cases', async () => {
    for (const ids of [
      async (q: string) => postgres.matchCards(queryWords(q)),
      async (q: string) => catalogue.match(queryWords(q)),
    ]) {
      expect(await ids('pokemon')).toEqual([1, 2, 3, 18]);
      expect(await ids('o pee chee')).toEqual([4]);
      expect(await ids('opeechee')).toEqual([]);
      expect(await ids('mbappe')).toEqual([9]);
      expect(await ids('1st')).toEqual([5, 24]);
      expect(await ids('spider man')).toEqual([22]);
    }
  });

  it('reads a word that folds to several tokens as a phrase, and a word with none as no constraint', async () => {
    for (const words of [
      ['x\u0305y'],
      ['y\u0305x'],
      ['\u0305'],
      ['\u0305', 'pikachu'],
      ['overline', 'x\u0305y'],
    ]) {
      expect(await postgres.matchCards(words)).toEqual(await sqlite.matchCards(words));
    }
    expect(await postgres.matchCards(['x\u0305y'])).toEqual([19]);
    expect(await postgres.matchCards(['y\u0305x'])).toEqual([]);
    expect(catalogue.match(['x\u0305y'])).toEqual([19]);
    expect(catalogue.match(['overline', 'x\u0305y'])).toEqual([19]);
    expect(catalogue.match(['y\u0305x'])).toEqual([]);
  });

  it('gives the cards, titles and no-word answers of the SQL reader from the kept catalogue', async () => {
    for (const ids of [[], [3, 1, 3], [24, 999, 2, 0], [5]]) {
      expect(catalogue.cards(ids)).toEqual(await postgres.cards(ids));
    }
    expect(catalogue.cards([3, 1, 3]).map((card) => card.id)).toEqual([1, 3]);
    expect(catalogue.titles()).toEqual(await postgres.titles());
    expect(catalogue.match([])).toEqual([]);
    expect(catalogue.match(['\u0305'])).toEqual(await sqlite.matchCards(['\u0305']));
  });
});
