import { BILLING_RULE } from '../../contract/billing';
import { CATEGORIES } from '../../contract/categories';
import { ENDPOINT_LIST, ENDPOINTS, OPENAPI_PATH } from '../../contract/endpoints';
import type { IndexDocument, MarketOrigin, Plan } from '../../contract/resources';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../auth/rate-limiter';
import { COMPUTE_BUDGETS, DEFAULT_TIER_PRICES, TIER_QUOTAS, TIERS, type TierPrices } from '../auth/tiers';
import type { DataOrigin } from '../store/market-meta';

const fmt = (n: number) => n.toLocaleString('en-US');
/** `$0`, `$49`, `$49.50`. */
export const dollars = (n: number) =>
  `$${n.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(n) ? 0 : 2, maximumFractionDigits: 2 })}`;

/** The tiers side by side: price, quota, request rate and compute budget (GET /v1 `plans`). */
export function plansOf(prices: TierPrices, rateLimits: RateLimits | null): Plan[] {
  return TIERS.map((tier) => {
    const rate = (rateLimits ?? DEFAULT_RATE_LIMITS)[tier];
    return {
      tier,
      price_usd_month: prices[tier],
      calls_month: TIER_QUOTAS[tier],
      requests_per_second: rate.perSecond,
      burst: rate.burst,
      compute_ms_per_second: COMPUTE_BUDGETS[tier].msPerSecond,
      compute_burst_ms: COMPUTE_BUDGETS[tier].burstMs,
    };
  });
}

/** GET /v1 `pricing`: each tier's quota and price in one sentence, then what spends a call. */
export const pricingSentence = (prices: TierPrices) =>
  `free: ${fmt(TIER_QUOTAS.free)} calls a month, ${dollars(prices.free)} a month, no payment card needed; pro: ${fmt(TIER_QUOTAS.pro)} calls a month, ${dollars(prices.pro)} a month; business: ${fmt(TIER_QUOTAS.business)} calls a month, ${dollars(prices.business)} a month. Prices in US dollars. Quotas reset on the first day of each month (UTC). ${BILLING_RULE}`;

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
  config: { SLAB_DEMO: boolean; SLAB_TIER_PRICES?: TierPrices; SLAB_RATE_LIMITS?: RateLimits | null },
  dataOrigin: DataOrigin | null = null,
): IndexDocument {
  const prices = config.SLAB_TIER_PRICES ?? DEFAULT_TIER_PRICES;
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
    pricing: pricingSentence(prices),
    endpoints,
    categories: [...CATEGORIES],
    docs: `${publicUrl}/docs`,
    spec: `${publicUrl}/v1/openapi.json`,
    terms: `${market.synthetic ? `${market.note} ` : ''}Only derived analytics are returned, never raw listing or sale data. Resale of the feed is prohibited.`,
    market,
    plans: plansOf(prices, config.SLAB_RATE_LIMITS ?? null),
  };
}
