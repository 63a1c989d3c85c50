import { CATEGORIES } from '../../contract/categories';
import { ENDPOINT_LIST, ENDPOINTS, OPENAPI_PATH } from '../../contract/endpoints';
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
  // Every operation of the registry, by its summary (the demo key only where it exists), and the
  // description that is generated from it.
  const endpoints: Record<string, string> = {};
  for (const endpoint of ENDPOINT_LIST) {
    if (endpoint.path === ENDPOINTS.demoKey.path && !config.SLAB_DEMO) continue;
    endpoints[`GET ${endpoint.path}`] = `${endpoint.summary}.`;
  }
  endpoints[`GET ${OPENAPI_PATH}`] = 'OpenAPI 3.1 description of every operation (no key).';
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
