import { CATEGORIES } from '../../contract/categories';
import type { IndexDocument, MarketOrigin } from '../../contract/resources';
import { TIER_QUOTAS } from '../auth/tiers';
import type { DataOrigin } from '../store/market-meta';

const fmt = (n: number) => n.toLocaleString('en-US');

const MARKET_NOTES: Record<MarketOrigin['data'], string> = {
  demo: 'Demo market: synthetic data made by the demo generator (seeded, deterministic), not real sales or listings.',
  'demo+ingest':
    'Demo market: synthetic data of the demo generator, plus imported sales or listings; figures mix both.',
  ingest: 'Market data imported from sales and listings files.',
  empty: 'No market data yet.',
};

/**
 * The spec's service index document, served at GET /v1 (no key). Addresses are on `publicUrl`
 * (SLAB_PUBLIC_URL, an origin without a trailing slash), or relative when it is '';
 * `market` says where the data comes from (the store's origin), and `terms` repeats it while the
 * data is synthetic.
 */
export function buildIndexDocument(
  publicUrl: string,
  config: { SLAB_DEMO: boolean },
  dataOrigin: DataOrigin | null = null,
): IndexDocument {
  const data = dataOrigin ?? 'empty';
  const market: MarketOrigin = {
    data,
    synthetic: data === 'demo' || data === 'demo+ingest',
    note: MARKET_NOTES[data],
  };
  const endpoints: Record<string, string> = {
    'GET /v1': 'This index document (no key).',
    'GET /v1/ping': 'Liveness (no key).',
    'GET /v1/openapi.json': 'OpenAPI 3.1 description of every operation (no key).',
    'GET /v1/categories':
      'Category index with label and listing counts; with category=..., the labels of that category.',
    'GET /v1/floor': 'Current floor per category: average, median, listings, lowest ask and total value.',
    'GET /v1/index': 'Daily index time series from 2026-05-29 (category, label, from, to).',
    'GET /v1/sales-index':
      'Weekly sales index: what sold prices did, each card and grade against itself, chained from 100 (category, label, from, to).',
    'GET /v1/accuracy':
      'Published accuracy: how often the next sale fell inside the value range, median error and bias (no key).',
    'GET /v1/sold': 'Aggregated sold-comp stats of a card query (q, grade, days).',
    'GET /v1/movers':
      'Top movers: labels whose cards moved most in the last 7 days against the 7 before, each card and grade compared with itself (beta; category, limit).',
    'GET /v1/value':
      'Value of a card query with range, confidence and per-grade ladder (q, grade, min_price, max_price).',
    'GET /v3/value':
      'Enriched value: buy score, verdict, liquidity, last sale, 90-day sales and 30-day trend.',
  };
  if (config.SLAB_DEMO)
    endpoints['GET /v1/demo-key'] = 'Mints a personal free demo key, valid 7 days (demo mode only, no key).';
  return {
    service: 'Slab Terminal Graded-Card Market Data API',
    version: 'v1',
    auth: 'Send your API key in the x-api-key header; it may also be sent as the key query parameter (?key=...). The header wins when both are sent. Keys look like slab_live_ followed by 48 lowercase hexadecimal characters.',
    pricing: `free: ${fmt(TIER_QUOTAS.free)} calls a month, no payment card needed; pro: ${fmt(TIER_QUOTAS.pro)} calls a month; business: ${fmt(TIER_QUOTAS.business)} calls a month. Quotas reset on the first day of each month (UTC); only successful data responses count.`,
    endpoints,
    categories: [...CATEGORIES],
    docs: `${publicUrl}/`,
    spec: `${publicUrl}/v1/openapi.json`,
    terms: `${market.synthetic ? `${market.note} ` : ''}Only derived analytics are returned, never raw listing or sale data. Resale of the feed is prohibited.`,
    market,
  };
}
