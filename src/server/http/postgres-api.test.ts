import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketContext } from '../analytics/market-context';
import { loadHandMarket } from '../analytics/testing/hand-market';
import { quotaMonth } from '../auth/tiers';
import type { PgStore } from '../store/postgres/pg-store';
import { TEST_STORES, type TestStore } from '../store/testing/test-stores';
import { createApp, type SlabApp } from './app';
import { keyedRequestsFor } from './testing/seeded-store';

/**
 * A slice of the HTTP suite on a PostgreSQL store (issue 15): every endpoint's figures on the
 * hand-made market are those of the same market on SQLite, byte for byte; keys, revocation and
 * the quota behave as on SQLite.
 */
const [onSqlite, onPostgres] = TEST_STORES as [(typeof TEST_STORES)[0], (typeof TEST_STORES)[0]];
let sqlite: TestStore;
let postgres: TestStore;
let sqliteApi: SlabApp;
let pgApi: SlabApp;

const appOn = (opened: TestStore) =>
  createApp({
    store: opened.store,
    market: marketContext(opened.store.reader),
    config: { SLAB_DEMO: false, SLAB_WEB_DIST: join(import.meta.dirname, 'no-web') },
  });

beforeAll(async () => {
  [sqlite, postgres] = await Promise.all([onSqlite.open(), onPostgres.open()]);
  await Promise.all([loadHandMarket(sqlite.store), loadHandMarket(postgres.store)]);
  sqliteApi = appOn(sqlite);
  pgApi = appOn(postgres);
});
afterAll(async () => {
  await Promise.all([sqliteApi.close(), pgApi.close()]);
  await Promise.all([sqlite.close(), postgres.close()]);
});

const get = (api: SlabApp, path: string, key: string) => api.request(path, { headers: { 'x-api-key': key } });

describe('the API on PostgreSQL', () => {
  it('answers every endpoint with the figures of the same market on SQLite', async () => {
    const paths = [
      ...keyedRequestsFor('charizard'),
      ...keyedRequestsFor('"1999 Pokemon Base Set Venusaur Holo #15"'),
      '/v1/categories?category=basketball',
      '/v1/index?label=jungle',
      '/v1/index?category=baseball&from=2026-06-01',
      '/v1/movers?limit=1',
      '/v1/sold?q=charizard&days=30&grade=PSA%2010',
      '/v1/value?q=charizard%20base&min_price=100&max_price=130',
      '/v3/value?q=blastoise',
      '/v1/value?q=charzard%20base%20set', // no_match, with its suggestion
      '/v1/index?label=Neo%20Genesis', // no_match
    ];
    const [sqliteKey, pgKey] = await Promise.all([
      sqliteApi.keys.create('business'),
      pgApi.keys.create('business'),
    ]);
    let compared = 0;
    for (const path of paths) {
      const [a, b] = await Promise.all([get(sqliteApi, path, sqliteKey.key), get(pgApi, path, pgKey.key)]);
      expect(b.status, path).toBe(a.status);
      const [bodyA, bodyB] = await Promise.all([a.json(), b.json()]);
      if (a.status === 200) {
        expect(bodyB.data, path).toEqual(bodyA.data);
        expect(b.headers.get('etag'), path).toBe(a.headers.get('etag'));
      } else {
        expect(bodyB, path).toEqual(bodyA);
      }
      compared += 1;
    }
    expect(compared).toBe(paths.length);
  });

  it('refuses a missing, unknown or revoked key, the revoked one at once', async () => {
    expect((await pgApi.request('/v1/floor')).status).toBe(401);
    expect((await get(pgApi, '/v1/floor', `slab_live_${'0'.repeat(48)}`)).status).toBe(401);
    const made = await pgApi.keys.create('pro');
    expect((await get(pgApi, '/v1/floor', made.key)).status).toBe(200);
    await pgApi.keys.revoke(made.id);
    expect((await get(pgApi, '/v1/floor', made.key)).status).toBe(401);
  });

  it('gives a burst exactly the calls left, each `remaining` once, and 429 to the rest', async () => {
    const made = await pgApi.keys.create('free');
    const left = 12;
    await (postgres.store as PgStore).pool.query(
      'INSERT INTO key_usage (key_id, month, used) VALUES ($1, $2, $3)',
      [made.id, quotaMonth(new Date()), 1000 - left],
    );
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => get(pgApi, '/v1/movers?limit=3', made.key)),
    );
    const ok = responses.filter((response) => response.status === 200);
    expect(ok).toHaveLength(left);
    expect(responses.filter((response) => response.status === 429)).toHaveLength(40 - left);
    const remaining = await Promise.all(ok.map(async (response) => (await response.json()).meta.remaining));
    expect(remaining.sort((x, y) => x - y)).toEqual(Array.from({ length: left }, (_, i) => i));
    expect(await pgApi.usage.remaining({ id: made.id, tier: 'free', expiresAtMs: null }, new Date())).toBe(0);
  });
});
