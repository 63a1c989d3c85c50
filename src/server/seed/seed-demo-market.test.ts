import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../contract/categories';
import { type BoundOperations, operationsOn } from '../analytics/testing/operations-on';
import { type Db, openDatabase } from '../store/sqlite/database';
import { readMarketState } from '../store/sqlite/sqlite-market-meta';
import { createMarketReader } from '../store/sqlite/sqlite-market-reader';
import { buildCatalogue } from './catalogue/build-catalogue';
import { ICONIC_CARDS, middleOf } from './catalogue/iconic-cards';
import { SPORTS_PEOPLE } from './catalogue/sports-people';
import { type MarketTruth, truePrice } from './market-truth';
import type { CardLevel } from './printings';
import { cardLevels, defaultAsOf, isMarketEmpty, seedDemoMarket } from './seed-demo-market';

const AS_OF = '2026-11-21';
const dir = mkdtempSync(join(tmpdir(), 'slab-seed-'));
let truth: MarketTruth;

/** Answers of every operation for a spread of parameters: what "byte-identical" is judged on. */
async function answers(analytics: BoundOperations): Promise<string> {
  const q = ['charizard base set', 'ohtani', 'topps chrome', 'pokemon', 'prizm silver'];
  const safe = (run: () => Promise<unknown>) =>
    run().catch((error: unknown) => ({ error: (error as Error).message }));
  return JSON.stringify(
    await Promise.all([
      analytics.categories({}),
      ...CATEGORIES.map((category) => analytics.categories({ category })),
      analytics.floor({}),
      analytics.index({}),
      analytics.index({ label: 'Base Set' }),
      analytics.movers({ limit: 100 }),
      ...q.map((text) => safe(() => analytics.sold({ q: text, days: 30 }))),
      ...q.map((text) => safe(() => analytics.value({ q: text }))),
      ...q.map((text) => safe(() => analytics.enrichedValue({ q: text, grade: 'PSA 10' }))),
    ]),
  );
}

const analyticsOf = (db: Db) => operationsOn(createMarketReader(db));

function seeded(name: string, seed: number): Db {
  const db = openDatabase(join(dir, name));
  expect(isMarketEmpty(db)).toBe(true);
  const summary = seedDemoMarket(db, { seed, asOf: AS_OF, scale: 'small', truth: true });
  if (name === 'a.db') truth = summary.truth as MarketTruth;
  expect(isMarketEmpty(db)).toBe(false);
  return db;
}

let first: Db;
beforeAll(() => {
  first = seeded('a.db', 7);
});

describe('demo market generator', () => {
  it('gives byte-identical answers for the same seed and as-of, in another file', async () => {
    const second = seeded('b.db', 7);
    expect(await answers(analyticsOf(second))).toBe(await answers(analyticsOf(first)));
    second.close();
  });

  it('gives a different market for another seed', async () => {
    const other = seeded('c.db', 8);
    expect(await answers(analyticsOf(other))).not.toBe(await answers(analyticsOf(first)));
    other.close();
  });

  it('covers all 19 categories with labels, sales over 400 days to the as-of day, and snapshots from 2026-05-29', () => {
    const categories = first.prepare('SELECT DISTINCT category FROM cards ORDER BY 1').pluck().all();
    expect(categories).toEqual([...CATEGORIES].sort());
    const cards = first.prepare('SELECT count(*) FROM cards').pluck().get() as number;
    expect(cards).toBeGreaterThan(2000);
    const range = first.prepare('SELECT min(sold_at) AS first, max(sold_at) AS last FROM sales').get() as {
      first: number;
      last: number;
    };
    expect(new Date(range.last).toISOString().slice(0, 10)).toBe(AS_OF);
    expect(new Date(range.first).toISOString().slice(0, 10)).toBe('2025-10-18'); // 399 days before
    expect(readMarketState(first).snapshotDate).toBe(AS_OF);
    const days = first
      .prepare('SELECT min(day), max(day), count(DISTINCT day) FROM snapshot_categories')
      .raw()
      .get();
    expect(days).toEqual(['2026-05-29', AS_OF, 177]);
  });

  it('keeps slabs at $15 or more and raw cards at $1 or more, in sales and asks', () => {
    for (const table of ['sales', 'listings']) {
      const low = first
        .prepare(
          `SELECT min(CASE WHEN grade <> 'Raw' THEN price END) AS graded, min(CASE WHEN grade = 'Raw' THEN price END) AS raw FROM ${table}`,
        )
        .get() as { graded: number; raw: number };
      expect(low.graded, table).toBeGreaterThanOrEqual(15);
      expect(low.raw, table).toBeGreaterThanOrEqual(1);
    }
  });

  it('never has two listings of a one-of-one up on the same day, and sells it in one grade', () => {
    const rows = first
      .prepare(
        `SELECT c.id, l.listed_at AS start, l.ended_at AS stop FROM listings l JOIN cards c ON c.id = l.card_id
          WHERE c.title LIKE '% 1/1%' ORDER BY c.id, l.listed_at`,
      )
      .all() as { id: number; start: number; stop: number | null }[];
    expect(rows.length).toBeGreaterThan(0);
    // A day's snapshot holds a listing from the day it was listed to the day before the one it
    // ended in when it ended at midnight (rebuild-derived.ts): no two rows of a card may share a day.
    const day = (ms: number) => Math.floor(ms / 86_400_000);
    rows.forEach((row, i) => {
      const previous = rows[i - 1];
      if (previous && previous.id === row.id) {
        expect(previous.stop, `card ${row.id}`).not.toBeNull();
        expect(day(row.start), `card ${row.id}`).toBeGreaterThan(day((previous.stop as number) - 1));
      }
    });
    const grades = first
      .prepare(
        `SELECT max(n) FROM (SELECT count(DISTINCT s.grade) AS n FROM sales s JOIN cards c ON c.id = s.card_id
          WHERE c.title LIKE '% 1/1%' GROUP BY c.id)`,
      )
      .pluck()
      .get() as number | null;
    expect(grades ?? 1).toBeLessThanOrEqual(1);
  });

  it('keeps a repriced listing on its original listing date: a third of the active asks are over 30 days old', () => {
    const asOfEnd = Date.parse(`${AS_OF}T00:00:00Z`) + 86_400_000;
    const ages = first
      .prepare('SELECT (? - listed_at) / 86400000.0 FROM listings WHERE ended_at IS NULL')
      .pluck()
      .all(asOfEnd) as number[];
    expect(ages.length).toBeGreaterThan(100);
    // Listings stay up an exponential 28 days on average: the age of those still up is exponential
    // too, so e^(-30/28) = 34 % of them were listed more than 30 days ago.
    const old = ages.filter((age) => age > 30).length / ages.length;
    expect(old).toBeGreaterThan(0.25);
    expect(old).toBeLessThan(0.45);
    // One row per listing: no card has two listings of one grade listed at the same moment.
    const twins = first
      .prepare(
        'SELECT count(*) FROM (SELECT card_id, grade, listed_at FROM listings GROUP BY 1, 2, 3 HAVING count(*) > 1)',
      )
      .pluck()
      .get();
    expect(twins).toBe(0);
  });

  it('makes movers, trends and verdicts differ between cards', async () => {
    const analytics = analyticsOf(first);
    const { movers } = await analytics.movers({ limit: 100 });
    expect(movers.length).toBeGreaterThan(10);
    expect(new Set(movers.map((row) => row.direction))).toEqual(new Set(['up', 'down']));
    const titles = first
      .prepare(
        'SELECT c.title FROM cards c JOIN sales s ON s.card_id = c.id GROUP BY c.id ORDER BY count(*) DESC LIMIT 40',
      )
      .pluck()
      .all() as string[];
    const answers = await Promise.all(titles.map((title) => analytics.enrichedValue({ q: title })));
    const verdicts = new Set(answers.map((answer) => answer.verdict));
    expect(verdicts.size).toBeGreaterThanOrEqual(2);
  });

  it('replaces the market but keeps API keys and their usage', () => {
    const db = seeded('keys.db', 3);
    db.prepare(
      "INSERT INTO api_keys (id, key_hash, tier, created_at) VALUES ('k1', 'h', 'free', '2026-01-01')",
    ).run();
    db.prepare("INSERT INTO key_usage (key_id, month, used) VALUES ('k1', '2026-11', 5)").run();
    const version = readMarketState(db).dataVersion;
    seedDemoMarket(db, { seed: 4, asOf: AS_OF, scale: 'small' });
    expect(db.prepare('SELECT count(*) FROM api_keys').pluck().get()).toBe(1);
    expect(db.prepare('SELECT used FROM key_usage').pluck().get()).toBe(5);
    expect(readMarketState(db).dataVersion).toBe(version + 1);
    db.close();
  });

  it('refuses an as-of before the first index day or not a date', () => {
    const db = openDatabase(':memory:');
    expect(() => seedDemoMarket(db, { asOf: '2026-05-01', scale: 'small' })).toThrow(/2026-05-29/);
    expect(() => seedDemoMarket(db, { asOf: '2026-13-01', scale: 'small' })).toThrow(/YYYY-MM-DD/);
    expect(isMarketEmpty(db)).toBe(true);
  });
});

describe('iconic cards', () => {
  it('are all in the catalogue, each model price at the as-of inside its sourced range', () => {
    expect(ICONIC_CARDS.length).toBeGreaterThanOrEqual(40);
    const byTitle = new Map(truth.cards.map((card) => [card.title, card]));
    const titles = new Set(first.prepare('SELECT title FROM cards').pluck().all() as string[]);
    for (const iconic of ICONIC_CARDS) {
      expect(titles.has(iconic.title), iconic.title).toBe(true);
      const card = byTitle.get(iconic.title);
      expect(card?.anchored, iconic.title).toBe(true);
      for (const [grade, range] of Object.entries(iconic.ranges)) {
        const [low, high] = range as [number, number];
        const price = truePrice(card as NonNullable<typeof card>, grade, truth.cardDays - 1);
        expect(price, `${iconic.title} ${grade}`).toBeGreaterThanOrEqual(low);
        expect(price, `${iconic.title} ${grade}`).toBeLessThanOrEqual(high);
      }
    }
  });

  it('sell in every anchored grade within 365 days of the as-of', () => {
    const yearAgo = Date.parse(`${AS_OF}T00:00:00Z`) - 364 * 86_400_000;
    const sold = new Set(
      first
        .prepare(
          `SELECT DISTINCT c.title || ' | ' || s.grade FROM cards c JOIN sales s ON s.card_id = c.id
            WHERE c.id IN (SELECT value FROM json_each(?)) AND s.sold_at >= ?`,
        )
        .pluck()
        .all(
          JSON.stringify(
            first
              .prepare('SELECT id FROM cards WHERE title IN (SELECT value FROM json_each(?))')
              .pluck()
              .all(JSON.stringify(ICONIC_CARDS.map((card) => card.title))),
          ),
          yearAgo,
        ) as string[],
    );
    for (const iconic of ICONIC_CARDS) {
      for (const grade of Object.keys(iconic.ranges))
        expect(sold, iconic.title).toContain(`${iconic.title} | ${grade}`);
    }
  });

  it('cover at least a dozen categories, the references table among them', () => {
    expect(new Set(ICONIC_CARDS.map((card) => card.category)).size).toBeGreaterThanOrEqual(12);
    for (const title of [
      '1986 Fleer Michael Jordan #57 RC',
      '1999 Pokemon Base Set 1st Edition Charizard Holo #4',
      '1999 Pokemon Base Set Charizard Holo #4',
      '2018 Panini Prizm Luka Doncic #280 RC',
      '2023 Panini Prizm Victor Wembanyama #136 RC',
      '2017 Panini Prizm Patrick Mahomes #269 RC',
      '1952 Topps Mickey Mantle #311',
      '1954 Topps Hank Aaron #128 RC',
      '1986 Topps Jerry Rice #161 RC',
    ]) {
      expect(
        ICONIC_CARDS.some((card) => card.title === title),
        title,
      ).toBe(true);
    }
  });
});

describe('grade ladders by era (shared/market-references.md)', () => {
  const eraOfTitle = (title: string) => Number(/^\d{4}/.exec(title)?.[0]);
  const medianRatio = (filter: (year: number) => boolean, top: string, bottom: string) => {
    const ratios = truth.cards
      .filter((card) => !card.anchored && filter(eraOfTitle(card.title)))
      .filter((card) => card.grades[top] !== undefined && card.grades[bottom] !== undefined)
      .map((card) => (card.grades[top] as number) / (card.grades[bottom] as number))
      .sort((a, b) => a - b);
    expect(ratios.length).toBeGreaterThan(3);
    return ratios[Math.floor(ratios.length / 2)] as number;
  };

  it('prices a vintage 10 at 7 to 40 times a 9, a modern 10 at 2 to 2.5 times', () => {
    const vintage = medianRatio((year) => year < 1980, 'PSA 10', 'PSA 9');
    expect(vintage).toBeGreaterThanOrEqual(7);
    expect(vintage).toBeLessThanOrEqual(40);
    const modern = medianRatio((year) => year >= 2016, 'PSA 10', 'PSA 9');
    expect(modern).toBeGreaterThanOrEqual(2);
    expect(modern).toBeLessThanOrEqual(2.5);
  });

  it('puts BGS 10 above PSA 10, BGS 9.5 below it, and raw below PSA 9 (near it for modern cards)', () => {
    expect(medianRatio((year) => year >= 2000, 'BGS 10', 'PSA 10')).toBeGreaterThan(1);
    expect(medianRatio((year) => year >= 2000, 'BGS 9.5', 'PSA 10')).toBeLessThan(1);
    expect(medianRatio((year) => year < 2000, 'Raw', 'PSA 9')).toBeLessThan(0.5);
    const modernRaw = medianRatio((year) => year >= 2016, 'Raw', 'PSA 9');
    expect(modernRaw).toBeGreaterThan(0.5);
    expect(modernRaw).toBeLessThanOrEqual(1);
  });
});

describe('raw copies of older cards', () => {
  it('sell under 0.6 x PSA 8 for every card before 2000 (off-centre copies stay raw)', () => {
    const older = truth.cards.filter(
      (card) =>
        Number(card.title.slice(0, 4)) < 2000 &&
        card.grades.Raw !== undefined &&
        card.grades['PSA 8'] !== undefined,
    );
    expect(older.length).toBeGreaterThan(20);
    for (const card of older) {
      expect((card.grades.Raw as number) / (card.grades['PSA 8'] as number), card.title).toBeLessThan(0.6);
    }
    const jordan = truth.cards.find((card) => card.title === '1986 Fleer Michael Jordan #57 RC');
    expect((jordan?.grades.Raw as number) / (jordan?.grades['PSA 8'] as number)).toBeLessThan(0.6);
  });
});

describe('printings of one card (1st Edition > Shadowless > Unlimited)', () => {
  const full = buildCatalogue(1, 'full', 2026);
  const { levels } = cardLevels(full, 1);
  const at = (title: string) => {
    const index = full.findIndex((card) => card.title === title);
    expect(index, title).toBeGreaterThanOrEqual(0);
    return levels[index] as CardLevel;
  };
  /** A grade's price at the card's reference moment (as-of for anchored cards, else the start). */
  const price = (level: CardLevel, grade: string) =>
    (level.psa9AtAsOf ?? level.psa9Start) *
    (level.profile.multiple[level.profile.grades.indexOf(grade)] as number);

  it('prices Base Set Charizard Shadowless at 3-6 x Unlimited and 1st Edition at 5-10 x Shadowless, in every grade', () => {
    const unlimited = at('1999 Pokemon Base Set Charizard Holo #4');
    const shadowless = at('1999 Pokemon Base Set Shadowless Charizard Holo #4');
    const first = at('1999 Pokemon Base Set 1st Edition Charizard Holo #4');
    for (const grade of unlimited.profile.grades) {
      const s = price(shadowless, grade) / price(unlimited, grade);
      const f = price(first, grade) / price(shadowless, grade);
      expect(s, grade).toBeGreaterThanOrEqual(3);
      expect(s, grade).toBeLessThanOrEqual(6);
      expect(f, grade).toBeGreaterThanOrEqual(5);
      expect(f, grade).toBeLessThanOrEqual(10);
    }
    // The anchors still hold: Unlimited PSA 9 about 2,300 (1,500 - 3,500), 1st Edition PSA 10 250,000 - 450,000.
    expect(price(unlimited, 'PSA 9')).toBeGreaterThan(1_500);
    expect(price(unlimited, 'PSA 9')).toBeLessThan(3_500);
    expect(price(first, 'PSA 10')).toBeGreaterThan(250_000);
    expect(price(first, 'PSA 10')).toBeLessThan(450_000);
  });

  it('puts every 1st Edition and Shadowless card above its Unlimited card in every grade', () => {
    const byTitle = new Map(full.map((card, i) => [`${card.label}|${card.title}`, i]));
    let pairs = 0;
    full.forEach((card, i) => {
      const unlimitedTitle = card.title.replace(/ (1st Edition|Shadowless)( |$)/, (_, __, end) => end);
      const yugiohUnlimited = card.title.replace(' 1st Edition ', ' Unlimited ');
      const base =
        byTitle.get(`${card.label}|${unlimitedTitle}`) ?? byTitle.get(`${card.label}|${yugiohUnlimited}`);
      if (base === undefined || base === i) return;
      pairs += 1;
      const mine = levels[i] as CardLevel;
      const theirs = levels[base] as CardLevel;
      for (const grade of theirs.profile.grades) {
        expect(price(mine, grade) / price(theirs, grade), `${card.title} ${grade}`).toBeGreaterThanOrEqual(
          2.5,
        );
      }
    });
    expect(pairs).toBeGreaterThan(30);
  });

  it('keeps the order day by day in the true prices of the seeded market', () => {
    const byTitle = new Map(truth.cards.map((card) => [card.title, card]));
    let pairs = 0;
    for (const card of truth.cards) {
      const base = byTitle.get(card.title.replace(' Shadowless ', ' ').replace(' 1st Edition ', ' '));
      if (!base || base === card) continue;
      pairs += 1;
      const below = card.psa9.filter((level, day) => level <= (base.psa9[day] as number));
      expect(below, card.title).toEqual([]);
    }
    expect(pairs).toBeGreaterThan(0);
  });
});

describe('the famous cards a collector means', () => {
  // Two or three words as a collector types them, and the card they mean.
  // Base Set Charizard: its 1st Edition, Shadowless and Unlimited printings are one card to a collector.
  const FAMOUS: [string, string | RegExp][] = [
    ['michael jordan fleer', '1986 Fleer Michael Jordan #57 RC'],
    ['luka doncic prizm', '2018 Panini Prizm Luka Doncic #280 RC'],
    ['wembanyama prizm', '2023 Panini Prizm Victor Wembanyama #136 RC'],
    ['charizard base set', /^1999 Pokemon Base Set (1st Edition |Shadowless )?Charizard Holo #4$/],
    ['mantle topps 1952', '1952 Topps Mickey Mantle #311'],
    ['lebron topps chrome', '2003 Topps Chrome LeBron James #111 RC'],
    ['trout bowman chrome', '2009 Bowman Chrome Draft Prospects Mike Trout #BDPP89'],
    ['black lotus', '1993 Magic The Gathering Alpha Black Lotus'],
    ['pikachu illustrator', '1998 Pokemon Promo Pikachu Illustrator'],
    ['griffey upper deck', '1989 Upper Deck Ken Griffey Jr. #1 RC'],
    ['brady contenders', '2000 Contenders Tom Brady #144 RC Auto'],
    ['ohtani topps chrome', '2018 Topps Chrome Shohei Ohtani #150 RC'],
  ];

  it('lead /v1/cards for the words a collector types', async () => {
    const analytics = analyticsOf(first);
    for (const [q, title] of FAMOUS) {
      const first = (await analytics.cards({ q, limit: 3 })).cards[0]?.title;
      if (typeof title === 'string') expect(first, q).toBe(title);
      else expect(first, q).toMatch(title);
    }
  });

  it('a flagship rookie out-trades every other card of its player, parallels included', async () => {
    const analytics = analyticsOf(first);
    for (const iconic of ICONIC_CARDS.filter((card) => card.leads !== undefined)) {
      const { cards } = await analytics.cards({ q: iconic.leads as string, limit: 100 });
      const own = cards.find((card) => card.title === iconic.title);
      const others = cards.filter((card) => card.title !== iconic.title);
      expect(others.length, iconic.title).toBeGreaterThan(0);
      for (const other of others)
        expect(own?.sales_365d, `${iconic.title} / ${other.title}`).toBeGreaterThan(other.sales_365d);
    }
  });

  it('price Alpha, Beta and Unlimited Black Lotus at multiples of each other in the same grade', () => {
    const lotus = (set: string) =>
      ICONIC_CARDS.find((card) => card.title === `1993 Magic The Gathering ${set} Black Lotus`);
    const middle = (set: string, grade: string) => middleOf(lotus(set)?.ranges[grade] as [number, number]);
    for (const grade of ['PSA 8', 'BGS 9.5']) {
      expect(middle('Alpha', grade) / middle('Beta', grade), grade).toBeGreaterThanOrEqual(2);
      expect(middle('Beta', grade) / middle('Unlimited', grade), grade).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('a catalogue of cards that exist', () => {
  const cards = () =>
    first.prepare('SELECT category, label, title FROM cards').all() as {
      category: string;
      label: string;
      title: string;
    }[];

  it('gives a card number of a set (or product and year) to one card, its editions aside', () => {
    const holders = new Map<string, Set<string>>();
    for (const { category, label, title } of cards()) {
      const match = /^(\d{4}) (.*) #(\S+)(?: |$)/.exec(title);
      if (
        match === null ||
        ['magic', 'yugioh', 'tcg', 'misc', 'other', 'highend', 'vintage'].includes(category)
      )
        continue;
      const [, year, rest = '', number] = match;
      if (!rest.includes(label)) continue;
      // One card: its 1st Edition, Shadowless and Unlimited printings, and its parallels (words after the number).
      const card = rest.replace(/\b(1st Edition|Shadowless|Unlimited) /, '');
      const key = `${category} | ${label} | ${year} | #${number}`;
      holders.set(key, (holders.get(key) ?? new Set()).add(card));
    }
    const shared = [...holders]
      .filter(([, titles]) => titles.size > 1)
      .map(([key, titles]) => `${key}: ${[...titles].join(' / ')}`);
    expect(shared).toEqual([]);
    expect(holders.size).toBeGreaterThan(1000);
  });

  it('reprints only first-generation Pokemon in Base Set 2', () => {
    for (const { title } of cards())
      expect(title).not.toMatch(/Base Set 2 .*(Umbreon|Lugia|Espeon|Tyranitar|Rayquaza)/);
  });
});

describe('a catalogue without anachronisms', () => {
  const titles = () => first.prepare('SELECT title FROM cards').pluck().all() as string[];
  const year = (title: string) => Number(/^\d{4}/.exec(title)?.[0]);

  it('numbers no card before serial numbering, prints no refractor before 1993, no Prizm before 2012', () => {
    for (const title of titles()) {
      if (/\/\d+(\s|$)/.test(title)) expect(year(title), title).toBeGreaterThanOrEqual(1997);
      if (/Refractor/.test(title)) expect(year(title), title).toBeGreaterThanOrEqual(1993);
      if (/Prizm/.test(title)) expect(year(title), title).toBeGreaterThanOrEqual(2012);
      const gold = /Gold \/(\d{4})/.exec(title);
      if (gold) expect(Number(gold[1]), title).toBe(year(title));
    }
  });

  it('prints no Reverse Holo before 2002, no 1st Edition of a reprint set, no Demonic Tutor in Revised', () => {
    for (const title of titles()) {
      if (/Pokemon .*Reverse Holo/.test(title)) expect(year(title), title).toBeGreaterThanOrEqual(2002);
      expect(title).not.toMatch(/Pokemon (Base Set 2|Legendary Collection) 1st Edition/);
      expect(title).not.toMatch(/Revised Demonic Tutor/);
    }
  });

  it('puts people on cards only from their first card year, but for real pre-rookie cards among the iconic ones', () => {
    const iconic = new Set(ICONIC_CARDS.map((card) => card.title));
    for (const [sport, people] of Object.entries(SPORTS_PEOPLE)) {
      for (const person of people) {
        const early = first
          .prepare(
            `SELECT title FROM cards WHERE category = ? AND title LIKE ? AND CAST(substr(title, 1, 4) AS INTEGER) < ?`,
          )
          .pluck()
          .all(sport, `% ${person.name} %`, person.from) as string[];
        expect(
          early.filter((title) => !iconic.has(title)),
          person.name,
        ).toEqual([]);
      }
    }
  });
});

describe('defaultAsOf', () => {
  it('is yesterday (UTC), so the whole as-of day of sales lies before the clock; never before the index start', () => {
    expect(defaultAsOf(new Date('2026-11-22T01:29:00Z'))).toBe('2026-11-21');
    expect(defaultAsOf(new Date('2026-11-22T23:59:59Z'))).toBe('2026-11-21');
    expect(defaultAsOf(new Date('2027-01-01T00:00:00Z'))).toBe('2026-12-31');
    expect(defaultAsOf(new Date('2026-05-30T08:00:00Z'))).toBe('2026-05-29');
    expect(defaultAsOf(new Date('2026-05-29T08:00:00Z'))).toBe('2026-05-29');
    expect(defaultAsOf(new Date('2026-03-01T08:00:00Z'))).toBe('2026-05-29');
  });
});
