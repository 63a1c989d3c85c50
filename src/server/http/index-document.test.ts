import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BILLING_RULE } from '../../contract/billing';
import { ingestText, openHandMarket, salesCsv } from '../analytics/testing/hand-market';
import { DEFAULT_RATE_LIMITS } from '../auth/rate-limiter';
import { parseTierPrices, type TierPrices } from '../auth/tiers';
import { seedDemoMarket } from '../seed/seed-demo-market';
import { openDatabase } from '../store/sqlite/database';
import { readMarketState } from '../store/sqlite/sqlite-market-meta';
import { buildIndexDocument } from './index-document';
import { openApiDocument } from './openapi';

describe('where the market data comes from (issue: say it is a demo)', () => {
  it('is demo after a seed, demo+ingest after an import on top, ingest for imported files alone', async () => {
    const demo = openDatabase(':memory:');
    expect(readMarketState(demo).origin).toBeNull();
    seedDemoMarket(demo, { seed: 2, asOf: '2026-11-21', scale: 'small' });
    expect(readMarketState(demo).origin).toBe('demo');
    await ingestText(demo, 'sales', 'sales.csv', salesCsv());
    expect(readMarketState(demo).origin).toBe('demo+ingest');
    // A seed replaces the whole market: demo again.
    seedDemoMarket(demo, { seed: 2, asOf: '2026-11-21', scale: 'small' });
    expect(readMarketState(demo).origin).toBe('demo');
    expect(readMarketState(await openHandMarket()).origin).toBe('ingest');
  });

  it('is in the index document: synthetic, and said in the terms, while demo data is present', () => {
    const config = { SLAB_DEMO: true };
    const demo = buildIndexDocument('https://api.example', config, 'demo');
    expect(demo.spec).toBe('https://api.example/v1/openapi.json');
    expect(buildIndexDocument('', config, 'demo').spec).toBe('/v1/openapi.json');
    expect(demo.market).toMatchObject({ data: 'demo', synthetic: true });
    expect(demo.terms).toMatch(/^Demo market: synthetic data/);
    expect(buildIndexDocument('https://api.example', config, 'demo+ingest').market?.synthetic).toBe(true);
    const real = buildIndexDocument('https://api.example', config, 'ingest');
    expect(real.market).toMatchObject({ data: 'ingest', synthetic: false });
    expect(real.terms).not.toMatch(/synthetic/);
    expect(buildIndexDocument('https://api.example', config, null).market?.data).toBe('empty');
  });

  it('states the price of each tier beside its quota, rate and compute budget, from SLAB_TIER_PRICES', () => {
    const document = buildIndexDocument('', { SLAB_DEMO: false });
    expect(document.pricing).toMatch(
      /^free: 1,000 calls a month, \$0 a month, no payment card needed; pro: 50,000 calls a month, \$49 a month; business: 1,000,000 calls a month, \$399 a month\./,
    );
    expect(document.plans?.[0]).toEqual({
      tier: 'free',
      price_usd_month: 0,
      calls_month: 1000,
      requests_per_second: 20,
      burst: 100,
      compute_ms_per_second: 200,
      compute_burst_ms: 2000,
    });
    const prices = parseTierPrices('pro=29.5, business=$199');
    expect(prices).toEqual({ free: 0, pro: 29.5, business: 199 });
    const priced = buildIndexDocument('', {
      SLAB_DEMO: false,
      SLAB_TIER_PRICES: prices as TierPrices,
      SLAB_RATE_LIMITS: { ...DEFAULT_RATE_LIMITS, pro: { perSecond: 7, burst: 70 } },
    });
    expect(priced.pricing).toContain(
      'pro: 50,000 calls a month, $29.50 a month; business: 1,000,000 calls a month, $199 a month.',
    );
    expect(priced.plans?.map((plan) => [plan.tier, plan.price_usd_month, plan.requests_per_second])).toEqual([
      ['free', 0, 20],
      ['pro', 29.5, 7],
      ['business', 199, 200],
    ]);
    expect(parseTierPrices('pro=cheap')).toMatch(/is not tier=dollars a month/);
  });
});

describe('the billing rule, written once (contract/billing.ts)', () => {
  it('is stated whole in GET /v1 pricing, the OpenAPI description and docs/api.md', () => {
    const document = buildIndexDocument('', { SLAB_DEMO: false });
    expect(document.pricing.endsWith(`(UTC). ${BILLING_RULE}`)).toBe(true);
    expect(document.pricing).not.toMatch(/plans member|only successful/);
    expect(openApiDocument().info.description).toContain(BILLING_RULE);
    const apiDoc = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
    expect(apiDoc).toContain(BILLING_RULE);
  });

  it('no text of the OpenAPI document says a no_match spends no quota', () => {
    const text = JSON.stringify(openApiDocument());
    expect(text).not.toMatch(/no_match`?[^.]{0,40}[;,(] ?(it )?spends no quota/);
    expect(text).not.toContain('Each successful data response spends one call');
  });

  it('points docs at the reference page, /docs', () => {
    expect(buildIndexDocument('https://api.example', { SLAB_DEMO: false }).docs).toBe(
      'https://api.example/docs',
    );
  });
});
