import { describe, expect, it } from 'vitest';
import { ingestText, openHandMarket, salesCsv } from '../analytics/fixtures/hand-market';
import { seedDemoMarket } from '../seed/seed-demo-market';
import { openDatabase } from '../store/database';
import { readMarketState } from '../store/market-meta';
import { buildIndexDocument } from './index-document';

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
});
