import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CATEGORIES } from '../../contract/categories';
import { ENDPOINT_LIST, ENDPOINTS } from '../../contract/endpoints';
import {
  AccuracyResponseSchema,
  CardsResponseSchema,
  CategoryIndexResponseSchema,
  CategoryLabelsResponseSchema,
  EnrichedValueResponseSchema,
  FloorResponseSchema,
  HistoryResponseSchema,
  IndexDocumentSchema,
  IndexResponseSchema,
  MoversResponseSchema,
  PingSchema,
  SalesIndexResponseSchema,
  SoldResponseSchema,
  ValueResponseSchema,
} from '../../contract/resources';
import { checkJsonSchema, type JsonSchema } from './testing/json-schema-check';
import {
  createSeededStore,
  createTestApp,
  keyedPathsOf,
  type SeededStore,
  type TestApp,
} from './testing/seeded-store';

/**
 * Every endpoint on a real seeded store: the body parses with the contract's schema AND conforms,
 * strictly (no undeclared member), to the schema of the generated OpenAPI document.
 */
let store: SeededStore;
let api: TestApp;
let key: string;
let openapi: {
  openapi: string;
  info: { version: string };
  paths: Record<string, PathItem>;
  components?: unknown;
};
let q: string;
let category: string;
let label: string;

interface PathItem {
  get: {
    parameters?: { name: string; in: string; required?: boolean; description?: string }[];
    responses: Record<string, { content?: { 'application/json': { schema: JsonSchema } } }>;
    security?: unknown[];
  };
}

beforeAll(async () => {
  store = createSeededStore();
  api = createTestApp(store);
  key = await api.newKey('pro');
  openapi = await (await api.get('/v1/openapi.json')).json();
  // A card with plenty of sales, and a category with labels, read from the store itself.
  const title = store.db
    .prepare(
      'SELECT c.title FROM cards c JOIN sales s ON s.card_id = c.id GROUP BY c.id ORDER BY COUNT(*) DESC LIMIT 1',
    )
    .pluck()
    .get() as string;
  q = title;
  const row = store.db
    .prepare('SELECT category, label FROM snapshot_labels ORDER BY day DESC, listings DESC LIMIT 1')
    .get() as { category: string; label: string };
  category = row.category;
  label = row.label;
});

afterAll(() => store.cleanup());

const resolveRef = (ref: string): JsonSchema => {
  const name = ref.replace('#/components/schemas/', '');
  const schemas = (openapi.components as { schemas?: Record<string, JsonSchema> } | undefined)?.schemas;
  const schema = schemas?.[name];
  if (!schema) throw new Error(`unresolved ${ref}`);
  return schema;
};

/** Fetches, checks status, contract schema and OpenAPI schema; returns the body. */
async function expectConforming<T extends z.ZodType>(
  path: string,
  docPath: string,
  schema: T,
  withKey = true,
): Promise<z.infer<T>> {
  const response = await api.get(path, withKey ? key : undefined);
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const parsed = schema.safeParse(body);
  expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues)).toBe(true);
  const documented = openapi.paths[docPath]?.get.responses['200']?.content?.['application/json'].schema;
  expect(documented, `no 200 schema for ${docPath}`).toBeDefined();
  expect(checkJsonSchema(documented as JsonSchema, body, resolveRef)).toEqual([]);
  return body;
}

describe('keyless endpoints', () => {
  it('GET /v1/ping is the unwrapped Ping object', async () => {
    const body = await expectConforming('/v1/ping', '/v1/ping', PingSchema, false);
    expect(body.ok).toBe(true);
    expect(body.service).toBe('slab-terminal');
  });

  it('GET /v1/accuracy is published without a key, as {data}', async () => {
    const body = await expectConforming('/v1/accuracy', '/v1/accuracy', AccuracyResponseSchema, false);
    expect(body.data.window_days).toBe(84);
    expect(body.data.overall.sales_scored).toBeGreaterThan(0);
    expect(body.data.by_liquidity.map((row) => row.tier)).toEqual(
      ['thin', 'steady', 'liquid'].filter((tier) => body.data.by_liquidity.some((row) => row.tier === tier)),
    );
    expect(openapi.paths['/v1/accuracy']?.get.security).toEqual([]);
  });

  it('GET /v1 is the index document with the 19 categories and the key alternatives', async () => {
    const body = await expectConforming('/v1', '/v1', IndexDocumentSchema, false);
    expect(body.categories).toEqual([...CATEGORIES]);
    expect(body.categories).toHaveLength(19);
    expect(body.version).toBe('v1');
    expect(body.auth).toMatch(/x-api-key/);
    expect(body.auth).toMatch(/\bkey\b.*query/);
    // No SLAB_PUBLIC_URL here: the links are relative (public-url.test.ts).
    expect(body.spec).toBe('/v1/openapi.json');
    expect(body.docs).toBe('/docs');
    // The test store holds the demo market: the document says so, in `market` and in `terms`.
    expect(body.market).toEqual({ data: 'demo', synthetic: true, note: expect.stringMatching(/synthetic/) });
    expect(body.terms).toMatch(/^Demo market: synthetic data/);
    expect(Object.keys(body.endpoints)).toEqual(
      expect.arrayContaining([
        'GET /v1/floor',
        'GET /v1/index',
        'GET /v1/sold',
        'GET /v1/sales-index',
        'GET /v1/accuracy',
        'GET /v1/movers',
        'GET /v3/value',
        'GET /v1/cards',
        'GET /v1/history',
      ]),
    );
  });

  it('GET /v1/openapi.json is OpenAPI 3.1, version 1.1.0, describing every operation with its parameters', () => {
    expect(openapi.openapi).toBe('3.1.0');
    expect(openapi.info.version).toBe('1.1.0');
    for (const { path } of ENDPOINT_LIST.filter((endpoint) => endpoint !== ENDPOINTS.demoKey)) {
      expect(openapi.paths[path], path).toBeDefined();
    }
    expect(openapi.paths['/v1/demo-key']).toBeUndefined(); // demo mode is off in this app
    const sold = openapi.paths['/v1/sold']?.get;
    expect(sold?.parameters?.map((p) => [p.name, p.required])).toEqual([
      ['q', true],
      ['grade', false],
      ['category', false],
      ['label', false],
      ['days', false],
    ]);
    expect(openapi.paths['/v1/history']?.get.parameters?.map((p) => p.name)).toEqual([
      'q',
      'grade',
      'category',
      'label',
      'interval',
      'from',
      'to',
    ]);
    expect(sold?.parameters?.every((p) => p.in === 'query' && (p.description ?? '').length > 0)).toBe(true);
    expect(sold?.security).toEqual([{ ApiKeyHeader: [] }, { ApiKeyQuery: [] }]);
    expect(Object.keys(sold?.responses ?? {}).sort()).toEqual([
      '200',
      '304',
      '400',
      '401',
      '404',
      '429',
      '500',
      '503',
    ]);
    expect(openapi.paths['/v1/ping']?.get.security).toEqual([]);
  });
});

describe('keyed endpoints on the seeded store', () => {
  it('GET /v1/categories: every category with counts, or the labels of one', async () => {
    const all = await expectConforming('/v1/categories', '/v1/categories', CategoryIndexResponseSchema);
    expect(all.data.categories.length).toBeGreaterThan(0);
    expect(all.meta.tier).toBe('pro');
    const one = await expectConforming(
      `/v1/categories?category=${category}`,
      '/v1/categories',
      CategoryLabelsResponseSchema,
    );
    expect(one.data.category).toBe(category);
    expect(one.data.labels.map((l) => l.label)).toContain(label);
  });

  it('GET /v1/floor, with and without a category', async () => {
    const all = await expectConforming('/v1/floor', '/v1/floor', FloorResponseSchema);
    expect(all.data.categories.length).toBeGreaterThan(1);
    const one = await expectConforming(`/v1/floor?category=${category}`, '/v1/floor', FloorResponseSchema);
    expect(one.data.categories.map((row) => row.category)).toEqual([category]);
  });

  it('GET /v1/index, by category and by label, within from/to', async () => {
    const body = await expectConforming(
      `/v1/index?category=${category}&from=2026-09-01&to=2026-09-30`,
      '/v1/index',
      IndexResponseSchema,
    );
    expect(body.data.series.length).toBeGreaterThan(0);
    expect(body.data.series.every((p) => p.date >= '2026-09-01' && p.date <= '2026-09-30')).toBe(true);
    const byLabel = await expectConforming(
      `/v1/index?category=${category}&label=${encodeURIComponent(label)}`,
      '/v1/index',
      IndexResponseSchema,
    );
    expect(byLabel.data.series.length).toBeGreaterThan(0);
  });

  it('GET /v1/sales-index, by category and by label, within from/to, from 100 at base_date', async () => {
    const body = await expectConforming(
      `/v1/sales-index?category=${category}`,
      '/v1/sales-index',
      SalesIndexResponseSchema,
    );
    const first = body.data.series[0];
    expect(first?.date).toBe(body.data.base_date);
    expect([first?.index, first?.change_pct, first?.label]).toEqual([100, null, null]);
    expect(body.data.series.every((p) => p.category === category)).toBe(true);
    const byLabel = await expectConforming(
      `/v1/sales-index?category=${category}&label=${encodeURIComponent(label)}&from=2026-09-01&to=2026-09-30`,
      '/v1/sales-index',
      SalesIndexResponseSchema,
    );
    expect(byLabel.data.series.length).toBeGreaterThan(0);
    expect(
      byLabel.data.series.every((p) => p.label === label && p.date >= '2026-09-01' && p.date <= '2026-09-30'),
    ).toBe(true);
  });

  it('GET /v1/sold with grade and days', async () => {
    const body = await expectConforming(
      `/v1/sold?q=${encodeURIComponent(q)}&days=90`,
      '/v1/sold',
      SoldResponseSchema,
    );
    expect(body.data.window_days).toBe(90);
    expect(body.data.sales).toBeGreaterThan(0);
  });

  it('GET /v1/movers with a limit', async () => {
    const body = await expectConforming('/v1/movers?limit=5', '/v1/movers', MoversResponseSchema);
    expect(body.data.beta).toBe(true);
    expect(body.data.movers.length).toBeLessThanOrEqual(5);
  });

  it('GET /v1/value echoes q and the price filter', async () => {
    const body = await expectConforming(
      `/v1/value?q=${encodeURIComponent(q)}&min_price=1`,
      '/v1/value',
      ValueResponseSchema,
    );
    expect(body.data.query).toBe(q);
    expect(body.data.filter).toEqual({ min_price: 1, max_price: null });
    expect(body.data.currency).toBe('USD');
  });

  it('GET /v3/value: the enriched value, with matched_cards and window_days', async () => {
    const body = await expectConforming(
      `/v3/value?q=${encodeURIComponent(q)}`,
      '/v3/value',
      EnrichedValueResponseSchema,
    );
    expect(body.data).not.toHaveProperty('filter');
    expect(body.data).not.toHaveProperty('as_of');
    expect(body.data.population).toBeNull();
    expect(body.data.watchers).toBeNull();
    expect(body.data.matched_cards?.length).toBeGreaterThan(0);
    expect([90, 365]).toContain(body.data.window_days);
  });

  it('GET /v1/cards: the cards of a word, in the category and label of the most-traded card', async () => {
    const card = store.db.prepare('SELECT category, label FROM cards WHERE title = ?').get(q) as {
      category: string;
      label: string;
    };
    const body = await expectConforming(
      `/v1/cards?q=${encodeURIComponent(q)}&category=${card.category}&label=${encodeURIComponent(card.label)}&limit=3`,
      '/v1/cards',
      CardsResponseSchema,
    );
    expect(body.data.cards[0]).toMatchObject({ title: q, category: card.category, label: card.label });
    expect(body.data.cards.length).toBeLessThanOrEqual(3);
  });

  it('GET /v1/history: one card by its exact title, by month', async () => {
    const exact = `"${q}"`;
    const body = await expectConforming(
      `/v1/history?q=${encodeURIComponent(exact)}&interval=month`,
      '/v1/history',
      HistoryResponseSchema,
    );
    expect(body.data).toMatchObject({ query: exact, cards: 1, interval: 'month', grade: null });
    expect(body.data.series.length).toBeGreaterThan(0);
    expect(body.data.series.every((point) => point.period_start.endsWith('-01'))).toBe(true);
  });

  it('meta: the tier, the remaining calls after this call, the generation time; the RateLimit headers agree', async () => {
    const first = await api.get('/v1/floor', key);
    const second = await api.get('/v1/floor', key);
    const a = await first.json();
    const b = await second.json();
    expect(b.meta.remaining).toBe(a.meta.remaining - 1);
    expect(Date.parse(b.meta.generated)).toBeGreaterThanOrEqual(Date.parse(a.meta.generated));
    expect(second.headers.get('RateLimit')).toMatch(new RegExp(`^"monthly";r=${b.meta.remaining};t=\\d+$`));
    expect(second.headers.get('RateLimit-Policy')).toMatch(/^"monthly";q=50000;w=\d+$/);
  });

  it('Content-Length, stated by the server without measuring, is the exact byte length of every keyed answer', async () => {
    for (const path of keyedPathsOf(store)) {
      for (let call = 0; call < 2; call++) {
        // the first call computes the answer, the second comes from the response cache
        const response = await api.get(path, key);
        expect(response.status, path).toBe(200);
        const bytes = (await response.arrayBuffer()).byteLength;
        expect(Number(response.headers.get('content-length')), path).toBe(bytes);
      }
    }
  });
});
