import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../contract/errors';
import { createSeededStore, createTestApp, type SeededStore, type TestApp } from './testing/seeded-store';

/**
 * Property tests over every endpoint's parameters: random and unicode strings, huge and negative
 * numbers, repeated parameters, very long q. The server never answers 5xx, never hangs, answers
 * invalid input with 400 and a hint, and no response carries raw data: no sale or listing source
 * id, no `id`/`source_id`/seller/url member, no URL-like value.
 */
let store: SeededStore;
let api: TestApp;
let key: string;
let sourceIds: Set<string>;
let words: string[];
let labels: string[];

beforeAll(() => {
  store = createSeededStore();
  api = createTestApp(store);
  key = api.newKey('business');
  // The demo market has no source ids; give some sales and listings the ids an ingest would bring,
  // on cards whose title words the generator uses, so that a leak would show.
  const asOfMs = Number(
    store.db.prepare("SELECT value FROM market_meta WHERE key = 'as_of_ms'").pluck().get(),
  );
  const cards = store.db.prepare('SELECT id, title FROM cards ORDER BY id LIMIT 200').all() as {
    id: number;
    title: string;
  }[];
  const addSale = store.db.prepare(
    "INSERT INTO sales (card_id, grade, price, sold_at, source_id) VALUES (?, 'PSA 10', ?, ?, ?)",
  );
  const addListing = store.db.prepare(
    "INSERT INTO listings (card_id, grade, price, listed_at, ended_at, source_id) VALUES (?, 'PSA 9', ?, ?, NULL, ?)",
  );
  sourceIds = new Set();
  cards.forEach((card, i) => {
    for (let n = 0; n < 3; n++) {
      const saleId = `ebay-sale-${card.id}-${n}`;
      const listingId = `ebay-listing-${card.id}-${n}`;
      addSale.run(card.id, 100 + i + n, asOfMs - (n + 1) * 3_600_000, saleId);
      addListing.run(card.id, 120 + i + n, asOfMs - 86_400_000, listingId);
      sourceIds.add(saleId).add(listingId);
    }
  });
  labels = store.db
    .prepare('SELECT DISTINCT label FROM cards ORDER BY label LIMIT 30')
    .pluck()
    .all() as string[];
  words = [
    ...new Set(cards.flatMap((card) => card.title.split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length > 0)),
  ];
});
afterAll(() => store.cleanup());

const ENDPOINTS: Record<string, string[]> = {
  '/v1/categories': ['category'],
  '/v1/floor': ['category'],
  '/v1/index': ['category', 'label', 'from', 'to'],
  '/v1/sold': ['q', 'grade', 'days'],
  '/v1/movers': ['category', 'limit'],
  '/v1/value': ['q', 'grade', 'min_price', 'max_price'],
  '/v3/value': ['q', 'grade', 'min_price', 'max_price'],
};

/** Values a client might send for any parameter, valid or not. */
const anyValue = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ maxLength: 600 }),
    fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
    fc.integer({ min: -1000, max: 1000 }).map(String),
    fc.double().map(String),
    fc.constantFrom(
      'pokemon',
      'wnba',
      'PSA 10',
      'bgs9.5',
      'raw',
      'psa-11',
      '2026-05-29',
      '2026-02-30',
      '1e3',
      ' 25 ',
      'NaN',
      '-0',
      '',
    ),
    fc.constant('charizard '.repeat(40)),
    fc
      .array(fc.constantFrom(...['charizard', 'psa', 'holo', 'base', 'set', '1999', 'jordan']), {
        minLength: 1,
        maxLength: 15,
      })
      .map((w) => w.join(' ')),
  );

/** Values the server accepts, per parameter, so that the properties reach real answers too. */
const validValue = (name: string): fc.Arbitrary<string> => {
  switch (name) {
    case 'category':
      return fc.constantFrom('pokemon', 'baseball', 'basketball', 'wnba', 'tcg');
    case 'label':
      return fc.constantFrom(...labels);
    case 'from':
      return fc.constantFrom('2026-01-01', '2026-05-29', '2026-09-15');
    case 'to':
      return fc.constantFrom('2026-10-01', '2026-11-15', '2027-01-01');
    case 'q':
      return fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
    case 'grade':
      return fc.constantFrom('PSA 10', 'psa9', 'BGS-9.5', 'raw');
    case 'days':
      return fc.integer({ min: 1, max: 365 }).map(String);
    case 'limit':
      return fc.integer({ min: 1, max: 100 }).map(String);
    case 'min_price':
      return fc.integer({ min: 0, max: 100 }).map(String);
    case 'max_price':
      return fc.integer({ min: 200, max: 1_000_000 }).map(String);
    default:
      return fc.integer({ min: 0, max: 5000 }).map(String);
  }
};

/** A query: each known parameter absent, valid, or anything (possibly repeated), plus unknown ones. */
const queryFor = (params: string[]) =>
  fc
    .tuple(
      fc.tuple(
        ...params.map((name) =>
          fc.oneof(
            { weight: 2, arbitrary: fc.constant<string[]>([]) },
            { weight: 2, arbitrary: validValue(name).map((value) => [value]) },
            { weight: 2, arbitrary: fc.array(anyValue(), { minLength: 1, maxLength: 3 }) },
          ),
        ),
      ),
      fc.array(fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 })), { maxLength: 2 }),
    )
    .map(([values, unknown]) => {
      const search = new URLSearchParams();
      params.forEach((name, i) => {
        for (const value of values[i] ?? []) search.append(name, value);
      });
      for (const [name, value] of unknown)
        if (name !== 'key' && !params.includes(name)) search.append(name, value);
      return search.toString();
    });

const FORBIDDEN_MEMBERS = /^(id|source_id|seller|seller_name|url|link|href|listing_id|sale_id)$/i;

function assertNoRawData(value: unknown, path = '$'): void {
  if (typeof value === 'string') {
    expect(sourceIds.has(value), `${path} is a source id`).toBe(false);
    expect(value, path).not.toMatch(/https?:\/\/|www\./i);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => {
      assertNoRawData(item, `${path}[${i}]`);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [name, member] of Object.entries(value)) {
      expect(name, `${path}.${name}`).not.toMatch(FORBIDDEN_MEMBERS);
      assertNoRawData(member, `${path}.${name}`);
    }
  }
}

const withinSeconds = <T>(promise: Promise<T>, seconds: number): Promise<T> =>
  Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${seconds} s`)), seconds * 1000),
    ),
  ]);

describe.each(Object.entries(ENDPOINTS))('%s under arbitrary parameters', (path, params) => {
  it('never 5xx, never hangs; 400 with a hint, 404 no_match, or 200 without raw data', async () => {
    expect(sourceIds.size).toBeGreaterThan(0);
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(queryFor(params), async (query) => {
        const response = await withinSeconds(Promise.resolve(api.get(`${path}?${query}`, key)), 5);
        const body = await response.json();
        seen.add(response.status);
        expect([200, 400, 404], `${path}?${query} -> ${JSON.stringify(body)}`).toContain(response.status);
        if (response.status === 200) {
          expect(Object.keys(body).sort()).toEqual(['data', 'meta']);
          assertNoRawData(body);
        } else {
          const error = ErrorBodySchema.parse(body);
          expect(error.error).toBe(response.status === 400 ? 'invalid_parameter' : 'no_match');
          expect(error.hint.length).toBeGreaterThan(10);
        }
      }),
      { numRuns: 120 },
    );
    expect(seen.has(400)).toBe(true); // the generator reaches the refusals
    expect(seen.has(200)).toBe(true); // and real answers
  });
});
