import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_LIST, ENDPOINTS } from '../../contract/endpoints';
import { ErrorBodySchema } from '../../contract/errors';
import { STORE_UNAVAILABLE_HINT } from '../store/store-health';
import { openApiDocument } from './openapi';
import { type OpenApiDocument, type OpenApiValidator, openApiValidator } from './testing/json-schema-check';
import { createSeededStore, createTestApp, type SeededStore, type TestApp } from './testing/seeded-store';

/**
 * Property tests over every endpoint's parameters: random and unicode strings, huge and negative
 * numbers, repeated parameters, very long q. The server never answers 5xx, never hangs, answers
 * invalid input with 400 and a hint, and no response carries raw data: no sale or listing source
 * id, no `id`/`source_id`/seller/url member, no URL-like value. Every answer conforms, strictly,
 * to what the OpenAPI document it serves says of that operation and status (ajv, JSON Schema
 * 2020-12); and every request that the document's parameter schemas allow is accepted.
 */
let store: SeededStore;
let api: TestApp;
let sourceIds: Set<string>;
let words: string[];
let labels: string[];
let titles: string[];
let document: OpenApiValidator;
/** The seeded market's as-of date: /v1/history's default `to`. */
let asOfDate: string;

beforeAll(async () => {
  store = createSeededStore();
  api = createTestApp(store);
  document = openApiValidator((await (await api.get('/v1/openapi.json')).json()) as OpenApiDocument);
  // The demo market has no source ids; give some sales and listings the ids an ingest would bring,
  // on cards whose title words the generator uses, so that a leak would show.
  const asOfMs = Number(
    store.db.prepare("SELECT value FROM market_meta WHERE key = 'as_of_ms'").pluck().get(),
  );
  asOfDate = new Date(asOfMs).toISOString().slice(0, 10);
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
  titles = cards.map((card) => card.title);
  words = [
    ...new Set(cards.flatMap((card) => card.title.split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length > 0)),
  ];
});
afterAll(() => store.cleanup());

/** Every keyed operation of the registry, with the names of its query parameters. */
const KEYED = ENDPOINT_LIST.filter((endpoint) => endpoint.keyed).map(
  (endpoint) => [endpoint.path, Object.keys(endpoint.params?.shape ?? {})] as const,
);

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
      return fc.oneof(
        fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
        // A card with sales in the last hours: a real answer under most other parameters.
        fc.constantFrom(...titles).map((title) => `"${title}"`),
      );
    case 'grade':
      return fc.constantFrom('PSA 10', 'psa9', 'BGS-9.5', 'raw');
    case 'days':
      // 7, 30 and 90 are what /v1/card-movers takes; /v1/sold takes any of 1 to 365.
      return fc.oneof(fc.constantFrom('7', '30', '90'), fc.integer({ min: 1, max: 365 }).map(String));
    case 'direction':
      return fc.constantFrom('up', 'down', 'both');
    case 'limit':
      return fc.integer({ min: 1, max: 100 }).map(String);
    case 'interval':
      return fc.constantFrom('week', 'month');
    case 'min_price':
      return fc.integer({ min: 0, max: 100 }).map(String);
    case 'max_price':
      return fc.integer({ min: 200, max: 1_000_000 }).map(String);
    case 'grader':
      // The demo's population report holds every grader; PSA (the default) for nearly every card.
      return fc.constantFrom('PSA', 'psa', ' PSA ', 'BGS');
    case 'selling_pct':
      return fc.integer({ min: 0, max: 5000 }).map((hundredths) => String(hundredths / 100));
    case 'selling_fixed':
      return fc.integer({ min: 0, max: 100_000 }).map((cents) => String(cents / 100));
    default:
      return fc.integer({ min: 0, max: 5000 }).map(String);
  }
};

/** Filters that leave a random q's sales empty most of the time (a random grade, a random price band). */
const NARROWS_SALES = new Set(['grade', 'min_price', 'max_price']);

/** `category` and `label` of an operation with `q`: they narrow its cards (most often to none). */
const narrowsCards = (params: readonly string[], name: string) =>
  params.includes('q') && (name === 'category' || name === 'label');

/**
 * A query: each known parameter absent, valid, or anything (possibly repeated), plus, in one query
 * of four, unknown ones (refused: 400, decisions.md "Parameters").
 */
const queryFor = (params: string[]) =>
  fc
    .tuple(
      fc.tuple(
        ...params.map((name) =>
          fc.oneof(
            // A card filter narrows q's cards to few or none: absent more often, to reach real answers.
            {
              weight: narrowsCards(params, name) ? 30 : NARROWS_SALES.has(name) ? 6 : 2,
              arbitrary: fc.constant<string[]>([]),
            },
            { weight: 2, arbitrary: validValue(name).map((value) => [value]) },
            { weight: 2, arbitrary: fc.array(anyValue(), { minLength: 1, maxLength: 3 }) },
          ),
        ),
      ),
      fc.oneof(
        { weight: 3, arbitrary: fc.constant<[string, string][]>([]) },
        {
          weight: 1,
          arbitrary: fc.array(fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 })), {
            minLength: 1,
            maxLength: 2,
          }),
        },
      ),
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

describe.each(KEYED)('%s under arbitrary parameters', (path, params) => {
  it('never 5xx, never hangs; 400 with a hint, 404 no_match, or 200 without raw data; as documented', async () => {
    expect(sourceIds.size).toBeGreaterThan(0);
    const key = await api.newKey('business');
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(queryFor(params), async (query) => {
        const response = await withinSeconds(Promise.resolve(api.get(`${path}?${query}`, key)), 5);
        const body = await response.json();
        seen.add(response.status);
        const request = `${path}?${query} -> ${response.status} ${JSON.stringify(body).slice(0, 400)}`;
        expect([200, 400, 404], request).toContain(response.status);
        expect(document.response(path, response.status, body), request).toEqual([]);
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

// ---- what the document allows, the server takes ------------------------------------------------

type Schema = {
  type?: string;
  enum?: (string | number)[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
};

/** Text a client might send for a string parameter, before the document's schema filters it. */
const candidateText = (name: string): fc.Arbitrary<string> => {
  const space = fc.constantFrom('', ' ', '  ', '\t', '\u00a0', '\u3000');
  const pieces: Record<string, fc.Arbitrary<string>> = {
    q: fc.oneof(
      fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 14 }).chain((w) =>
        fc
          .array(fc.constantFrom(' ', '-', ', ', ' / ', '"', '#', '  '), {
            minLength: w.length,
            maxLength: w.length,
          })
          .map((seps) => w.map((word, i) => `${word}${seps[i]}`).join('')),
      ),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }),
      fc.string({ unit: 'grapheme-composite', minLength: 1, maxLength: 30 }),
      fc.constantFrom(...titles),
      fc.constantFrom(...titles).map((title) => `"${title}"`),
      fc.constantFrom('ÉLAN 1999', '東京 ２０２６', 'a'.repeat(200)),
    ),
    grade: fc
      .tuple(
        space,
        fc.constantFrom('psa', 'PSA', 'Bgs', 'cGc', 'SGC', 'tag', 'raw', 'RAW', 'Ungraded', 'xyz', 'psa1'),
        fc.constantFrom('', ' ', '-', '_', ' - ', '\t', '__'),
        fc.constantFrom(
          '',
          '10',
          '9.5',
          '1',
          '01',
          '09.50',
          '10.0',
          '0',
          '11',
          '8.25',
          '7.0',
          '3.500',
          '0.5',
        ),
        space,
      )
      .map((parts) => parts.join('')),
    label: fc.oneof(fc.constantFrom(...labels), fc.string({ unit: 'grapheme', maxLength: 130 }), space),
  };
  return pieces[name] ?? fc.string({ unit: 'grapheme', maxLength: 40 });
};

/** A value of a parameter generated from its schema in the document, and kept only if the schema allows it. */
function documentedValue(path: string, name: string, schema: Schema): fc.Arbitrary<string | number> {
  let values: fc.Arbitrary<string | number>;
  if (schema.enum !== undefined) values = fc.constantFrom(...schema.enum);
  else if (schema.type === 'integer')
    values = fc.integer({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9 });
  else if (schema.type === 'number') {
    // Exact multiples of multipleOf: whole numbers up to the bound, and small ones with every decimal.
    const scale = Math.round(1 / (schema.multipleOf ?? 1));
    const below = (schema.exclusiveMaximum ?? 1e12) - 1;
    values = fc.oneof(
      fc.integer({ min: schema.minimum ?? 0, max: Math.min(below, Number.MAX_SAFE_INTEGER) }),
      fc.integer({ min: 0, max: 1000 * scale }).map((units) => units / scale),
    );
  } else if (schema.format === 'date') {
    values = fc.oneof(
      {
        weight: 1,
        arbitrary: fc
          .date({
            min: new Date('0000-01-01T00:00:00Z'),
            max: new Date('9999-12-31T00:00:00Z'),
            noInvalidDate: true,
          })
          .map((date) => date.toISOString().slice(0, 10)),
      },
      // Dates of the seeded market's year, where answers have data.
      { weight: 2, arbitrary: fc.constantFrom('2026-01-01', '2026-06-01', '2026-09-15', '2026-11-15') },
    );
  } else values = candidateText(name);
  return values.filter((value) => document.allowsParameter(path, name, value));
}

/** Parameters that the document can only state in words (JSON Schema has no cross-parameter rule). */
const ORDERED_PAIRS: [string, string][] = [
  ['from', 'to'],
  ['min_price', 'max_price'],
];

const documentedQuery = (path: string) => {
  const parameters = document.parameters(path);
  return fc
    .tuple(
      ...parameters.map((parameter) => {
        const value = documentedValue(path, parameter.name, parameter.schema as Schema);
        if (parameter.required) return value;
        const names = parameters.map((p) => p.name);
        const narrows = narrowsCards(names, parameter.name) || NARROWS_SALES.has(parameter.name);
        if (!narrows) return fc.option(value, { nil: undefined });
        // A card or sale filter narrows q's sales to few or none: absent more often, to reach real answers.
        return fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: value });
      }),
    )
    .map((values) => {
      const query: Record<string, string | number> = {};
      parameters.forEach((parameter, i) => {
        const value = values[i];
        if (value !== undefined) query[parameter.name] = value;
      });
      for (const [low, high] of ORDERED_PAIRS) {
        const a = query[low];
        const b = query[high];
        if (a !== undefined && b !== undefined && a > b) [query[low], query[high]] = [b, a];
      }
      // /v1/history: a range of at most 1,096 days, `to` being the as-of date when not sent.
      if (path === '/v1/history' && typeof query.from === 'string') {
        const to = typeof query.to === 'string' ? query.to : asOfDate;
        if (query.from > to) query.from = to;
        const earliest = new Date(Date.parse(`${to}T00:00:00Z`) - 1095 * 86_400_000)
          .toISOString()
          .slice(0, 10);
        if (query.from < earliest) query.from = earliest;
      }
      // Serialized as a client does: numbers with String(), form-encoded.
      return new URLSearchParams(
        Object.entries(query).map(([name, value]) => [name, String(value)]),
      ).toString();
    });
};

describe.each(KEYED.map(([path]) => path))('%s: every request the OpenAPI document allows', (path) => {
  it('is accepted (200, or a documented 404 no_match), and the answer is as documented', async () => {
    // A key of its own: the rate limit's burst is per key (docs/api.md, "Rate limit").
    const key = await api.newKey('business');
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(documentedQuery(path), async (query) => {
        const response = await withinSeconds(Promise.resolve(api.get(`${path}?${query}`, key)), 5);
        const body = await response.json();
        seen.add(response.status);
        const request = `${path}?${query} -> ${response.status} ${JSON.stringify(body).slice(0, 400)}`;
        expect([200, 404], request).toContain(response.status);
        expect(document.response(path, response.status, body), request).toEqual([]);
      }),
      { numRuns: 100 },
    );
    expect(seen.has(200)).toBe(true);
  });
});

describe('keyless operations', () => {
  it.each([ENDPOINTS.ping.path, ENDPOINTS.indexDocument.path])('%s answers as documented', async (path) => {
    const response = await api.get(path);
    expect(response.status).toBe(200);
    expect(document.response(path, 200, await response.json())).toEqual([]);
  });
});

describe('the answers of demo mode and of a store that cannot be reached, as documented', () => {
  it('GET /v1/demo-key: a minted key, then 429 rate_limited past the per-address limit', async () => {
    const demo = createTestApp(store, {
      config: { SLAB_DEMO: true, SLAB_WEB_DIST: join(store.dir, 'no-web'), SLAB_DEMO_KEYS_PER_HOUR: 1 },
    });
    const described = openApiValidator(
      (await (await demo.get('/v1/openapi.json')).json()) as OpenApiDocument,
    );
    const path = ENDPOINTS.demoKey.path;
    const minted = await demo.get(path);
    expect(minted.status).toBe(200);
    expect(described.response(path, 200, await minted.json())).toEqual([]);
    const refused = await demo.get(path);
    expect(refused.status).toBe(429);
    expect(described.response(path, 429, await refused.json())).toEqual([]);
  });

  it('every operation answers 503 unavailable, /v1/ping with ok: false', async () => {
    const down = createTestApp(store, {
      config: { SLAB_DEMO: true, SLAB_WEB_DIST: join(store.dir, 'no-web') },
      storeHealth: {
        problem: () => STORE_UNAVAILABLE_HINT,
        isStoreFault: () => false,
        fault: () => {},
        checkNow: () => STORE_UNAVAILABLE_HINT,
      },
    });
    const described = openApiValidator(openApiDocument() as unknown as OpenApiDocument);
    const key = await api.newKey('business');
    for (const endpoint of ENDPOINT_LIST) {
      const query = 'q' in (endpoint.params?.shape ?? {}) ? '?q=charizard' : '';
      const response = await down.get(`${endpoint.path}${query}`, endpoint.keyed ? key : undefined);
      const body = await response.json();
      expect(response.status, endpoint.path).toBe(503);
      expect(described.response(endpoint.path, 503, body), endpoint.path).toEqual([]);
    }
  });
});
