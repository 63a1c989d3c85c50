import { z } from 'zod';
import { ENDPOINT_PATHS, OPENAPI_PATH } from './endpoint-paths';
import type { ErrorCode } from './errors';
import {
  CardMoversParamsSchema,
  CardsParamsSchema,
  CategoriesParamsSchema,
  FloorParamsSchema,
  GradingParamsSchema,
  HistoryParamsSchema,
  IndexParamsSchema,
  MoversParamsSchema,
  SalesIndexParamsSchema,
  SoldParamsSchema,
  UsageParamsSchema,
  ValueParamsSchema,
} from './params';
import {
  AccuracyResponseSchema,
  CardMoversResponseSchema,
  CardsResponseSchema,
  CategoryIndexDataSchema,
  CategoryLabelsDataSchema,
  DemoKeySchema,
  EnrichedValueResponseSchema,
  envelope,
  FloorResponseSchema,
  GradingResponseSchema,
  HistoryResponseSchema,
  IndexDocumentSchema,
  IndexResponseSchema,
  MoversResponseSchema,
  PingSchema,
  SalesIndexResponseSchema,
  SoldResponseSchema,
  UsageResponseSchema,
  ValueResponseSchema,
} from './resources';

/**
 * Every operation of the API, declared once: its path, whether
 * it takes a key, the schema of its query parameters (the one the server validates with), the
 * schema of its 200 body, what it says about itself, and every error status it can answer with
 * the codes each can carry. The server's routes, the OpenAPI document, the dashboard's query
 * factories and the tests' lists of paths all derive from it.
 */

/** The statuses of decisions.md, "Errors", that a GET can answer (405 is for other methods). */
export type ErrorStatus = 400 | 401 | 404 | 429 | 500 | 503;
export type EndpointErrors = Readonly<Partial<Record<ErrorStatus, readonly ErrorCode[]>>>;

export const ENDPOINT_TAGS = {
  service: 'The service itself: liveness, the index document, demo keys. No key.',
  market:
    'Market-wide analytics: categories, floors, the daily index, the sales index, movers, published accuracy. Keyed, except accuracy.',
  cards:
    'Analytics of the cards a query matches: the cards themselves, sold comps, values and price history. Keyed.',
  account: "The key's own account: what it spent this month. Keyed, spends no call.",
} as const;
export type EndpointTag = keyof typeof ENDPOINT_TAGS;

export interface Endpoint<
  P extends z.ZodObject | null = z.ZodObject | null,
  B extends z.ZodType = z.ZodType,
> {
  /** A unique camelCase name, as a client generator names the method. */
  operationId: string;
  path: string;
  /** Keyed: needs a key, answers `{meta, data}`, spends calls as contract/billing.ts says. */
  keyed: boolean;
  /**
   * About the key's own account (GET /v1/usage): keyed, but spends nothing, is answered even when
   * the quota is spent; its ETag and 304 spend nothing either.
   */
  account?: true;
  /** The query parameters as the server validates them (null: the operation takes none). */
  params: P;
  /** The body of a 200. */
  body: B;
  summary: string;
  description: string;
  tags: readonly EndpointTag[];
  /** Every error status the operation can answer, with the codes each can carry. */
  errors: EndpointErrors;
  /** A 200 body, as this server would answer it. */
  example: z.output<B>;
}

const endpoint = <P extends z.ZodObject | null, B extends z.ZodType>(definition: Endpoint<P, B>) =>
  definition as Endpoint<P, B>;

/**
 * A keyless operation can be refused past the keyless limit of its client address (429
 * `rate_limited`), fail (500) or find the store unreachable (503 `unavailable`).
 */
const KEYLESS_ERRORS = {
  429: ['rate_limited'],
  500: ['internal_error'],
  503: ['unavailable'],
} as const satisfies EndpointErrors;

/** What every keyed operation can answer besides its data (the 304 is implied by `keyed`). */
const KEYED_ERRORS = {
  400: ['invalid_parameter'],
  401: ['missing_or_malformed_key'],
  429: ['quota_exceeded', 'rate_limited'],
  500: ['internal_error'],
  503: ['unavailable'],
} as const satisfies EndpointErrors;

/**
 * `no_match`: the query matches no card or sale, the label no card, or the store has no data of the
 * kind yet (no listing snapshot for categories and floor).
 */
const KEYED_ERRORS_WITH_NO_MATCH = { ...KEYED_ERRORS, 404: ['no_match'] } as const satisfies EndpointErrors;

/** The categories answer: the index of every category, or (with `category`) its labels. */
export const CategoriesResponseSchema = envelope(
  z.union([CategoryIndexDataSchema, CategoryLabelsDataSchema]),
);

const exampleMeta = { tier: 'free', remaining: 987, generated: '2026-11-15T09:30:00.000Z' };
const exampleQuery = 'charizard base set holo';
/** What the examples of /v1/value and /v3/value share. */
const exampleValue = {
  query: exampleQuery,
  grade: null,
  currency: 'USD',
  sample_size: 37,
  value: 430,
  low: 310,
  high: 560,
  min: 120,
  max: 1450,
  avg: 512.4,
  confidence: 72,
  by_grade: [
    {
      grade: 'PSA 9',
      value: 610,
      low: 540,
      high: 700,
      min: 480,
      max: 820,
      sample_size: 12,
      window_days: 90,
      next_sale: { estimate: 585.4, low: 492.1, high: 701.3, level: 80, sales_used: 31 },
    },
  ],
  next_sale: null,
};

const exampleNextSaleAccuracy = {
  scored: 48210,
  coverage: 80.4,
  below_pct: 9.7,
  above_pct: 9.9,
  median_abs_pct_error: 4.6,
  within_10_pct: 78.2,
  median_width_pct: 24.3,
  interval_score: 38.1,
};

export const ENDPOINTS = {
  ping: endpoint({
    operationId: 'ping',
    path: ENDPOINT_PATHS.ping,
    keyed: false,
    params: null,
    body: PingSchema,
    summary: 'Liveness (no key, not wrapped in the envelope)',
    description:
      'Whether the service is up and can reach its store. Needs no key and spends nothing. When the store cannot be reached it answers 503 with `ok: false` and the `{error, hint}` of `unavailable`, so that a load balancer takes the server out of rotation.',
    tags: ['service'],
    errors: KEYLESS_ERRORS,
    example: { ok: true, service: 'slab-terminal', ts: '2026-11-15T09:30:00.000Z' },
  }),
  indexDocument: endpoint({
    operationId: 'getIndexDocument',
    path: ENDPOINT_PATHS.indexDocument,
    keyed: false,
    params: null,
    body: IndexDocumentSchema,
    summary: 'The index document of the service (no key)',
    description:
      'Service, version, how to send a key, pricing, every endpoint, the 19 categories and links to the documentation and this description. `market` (an extra member of this service) says whether the data is synthetic.',
    tags: ['service'],
    errors: KEYLESS_ERRORS,
    example: {
      service: 'slab-terminal',
      version: 'v1',
      auth: 'Send your key in the x-api-key header, or as the key query parameter.',
      pricing:
        'free: 1,000 calls a month, $0 a month, no payment card needed; pro: 50,000 calls a month, $49 a month; business: 1,000,000 calls a month, $399 a month. Prices in US dollars.',
      endpoints: { 'GET /v1/floor': 'Current floor per category.' },
      categories: ['baseball', 'basketball', 'pokemon'],
      docs: '/',
      spec: '/v1/openapi.json',
      terms:
        'Only derived analytics are returned, never raw listing or sale data. Resale of the feed is prohibited.',
      market: { data: 'ingest', synthetic: false, note: 'Market data imported from files.' },
    },
  }),
  demoKey: endpoint({
    operationId: 'mintDemoKey',
    path: ENDPOINT_PATHS.demoKey,
    keyed: false,
    params: null,
    body: DemoKeySchema,
    summary: 'A personal free-tier demo key (no key; demo mode only)',
    description:
      'On a server in demo mode, mints a free-tier key for the visitor who asks, labelled `demo`, that stops working at `expires_at` (7 days later). Minting is limited per client address (10 an hour and 20 a day by default; an IPv6 address counts by its /64), per network (30 an hour per IPv4 /24 or IPv6 /48) and for the whole server (1,000 an hour): past any, 429 `rate_limited`. Only GET mints: a HEAD is 405 with `Allow: GET, OPTIONS`. A server not in demo mode answers 404 `not_found`. The answer is never cached (`Cache-Control: no-store`).',
    tags: ['service'],
    errors: { 404: ['not_found'], ...KEYLESS_ERRORS },
    example: {
      key: 'slab_live_0123456789abcdef0123456789abcdef0123456789abcdef',
      tier: 'free',
      expires_at: '2026-11-22T09:30:00.000Z',
    },
  }),
  categories: endpoint({
    operationId: 'listCategories',
    path: ENDPOINT_PATHS.categories,
    keyed: true,
    params: CategoriesParamsSchema,
    body: CategoriesResponseSchema,
    summary: 'Category index, or the labels of one category',
    description:
      'Without `category`: every category with its number of labels and listings in the latest snapshot. With `category`: the labels of that category with their average and median asking price. 404 `no_match` while the store has no listing snapshot.',
    tags: ['market'],
    errors: KEYED_ERRORS_WITH_NO_MATCH,
    example: {
      meta: exampleMeta,
      data: { as_of: '2026-11-15', categories: [{ category: 'pokemon', labels: 42, listings: 1830 }] },
    },
  }),
  floor: endpoint({
    operationId: 'getFloor',
    path: ENDPOINT_PATHS.floor,
    keyed: true,
    params: FloorParamsSchema,
    body: FloorResponseSchema,
    summary: 'Current floor per category (latest listing snapshot)',
    description:
      'The floor of each category (or of one, with `category`) in the latest listing snapshot: average, median, lowest asking price, listings and total value. 404 `no_match` while the store has no listing snapshot.',
    tags: ['market'],
    errors: KEYED_ERRORS_WITH_NO_MATCH,
    example: {
      meta: exampleMeta,
      data: {
        as_of: '2026-11-15',
        categories: [
          {
            category: 'pokemon',
            avg: 412.5,
            median: 180,
            listings: 1830,
            floor_min: 4.99,
            total_value: 754875,
          },
        ],
      },
    },
  }),
  index: endpoint({
    operationId: 'getIndexSeries',
    path: ENDPOINT_PATHS.index,
    keyed: true,
    params: IndexParamsSchema,
    body: IndexResponseSchema,
    summary: 'Daily index time series (from 2026-05-29)',
    description:
      'One point per day and category (or per day for one `label`) between `from` and `to`, by date ascending, then category. A `label` that no card of the store carries is 404 `no_match`.',
    tags: ['market'],
    errors: KEYED_ERRORS_WITH_NO_MATCH,
    example: {
      meta: exampleMeta,
      data: {
        series: [
          {
            date: '2026-11-14',
            category: 'pokemon',
            avg: 409.1,
            median: 179,
            listings: 1822,
            floor_min: 4.99,
            total_value: 745380.2,
          },
        ],
      },
    },
  }),
  sold: endpoint({
    operationId: 'getSoldComps',
    path: ENDPOINT_PATHS.sold,
    keyed: true,
    params: SoldParamsSchema,
    body: SoldResponseSchema,
    summary: 'Aggregated sold-comp stats',
    description:
      'Sold-comp statistics of the cards `q` matches (optionally only cards of `category` and `label`) over the last `days` days (default 30), overall and per grade. A query that matches no sale in the window is 404 `no_match`, whose hint names a query that matches.',
    tags: ['cards'],
    errors: KEYED_ERRORS_WITH_NO_MATCH,
    example: {
      meta: exampleMeta,
      data: {
        avg: 512.4,
        max: 1450,
        min: 120,
        median: 430,
        sales: 37,
        window_days: 30,
        by_grade: [{ grade: 'PSA 9', avg: 640, median: 610, sales: 12 }],
      },
    },
  }),
  movers: endpoint({
    operationId: 'listMovers',
    path: ENDPOINT_PATHS.movers,
    keyed: true,
    params: MoversParamsSchema,
    body: MoversResponseSchema,
    summary: 'Top movers: each card and grade against itself, last 7 days against the 7 before (beta)',
    description:
      'Labels by absolute percentage change of their like-for-like average sale price, last 7 days against the 7 before, at most `limit` (default 25). Beta: `beta` is true.',
    tags: ['market'],
    errors: KEYED_ERRORS,
    example: {
      meta: exampleMeta,
      data: {
        beta: true,
        movers: [
          {
            label: 'Base Set',
            category: 'pokemon',
            current_avg: 530,
            prev_avg: 450,
            pct_change: 17.8,
            direction: 'up',
            n: 14,
          },
        ],
      },
    },
  }),
  value: endpoint({
    operationId: 'getValue',
    path: ENDPOINT_PATHS.value,
    keyed: true,
    params: ValueParamsSchema,
    body: ValueResponseSchema,
    summary: 'Value with range, confidence and per-grade ladder',
    description:
      'The value of the cards `q` matches (optionally only cards of `category` and `label`, one `grade`, and sales between `min_price` and `max_price`) from the last 90 days of sales, widened to 365 when fewer than 5: value, range, confidence and a ladder per grade. Each rung of `by_grade` is what the same request with that `grade` answers (its own `window_days` and `next_sale`); the ladder lists every grade with a sale in 365 days, by value, then grade. `next_sale` (an extra member) is the estimate of the next sale of one card in one grade with the range that held 80 % of next sales in calibration: null when q matches several cards, no `grade` is given (each rung then has its own), or the card sold fewer than 3 times in that grade in 365 days. No match is 404 `no_match`, whose hint names a query that matches',
    tags: ['cards'],
    errors: KEYED_ERRORS_WITH_NO_MATCH,
    example: {
      meta: exampleMeta,
      data: {
        ...exampleValue,
        filter: { min_price: null, max_price: null },
        as_of: '2026-11-15T08:12:00.000Z',
        window_days: 90,
      },
    },
  }),
  enrichedValue: endpoint({
    operationId: 'getEnrichedValue',
    path: ENDPOINT_PATHS.enrichedValue,
    keyed: true,
    params: ValueParamsSchema,
    body: EnrichedValueResponseSchema,
    summary: 'Enriched value with buy score, verdict, liquidity and trend',
    description:
      'Everything of /v1/value except `filter` and `as_of`, plus the signals: buy score, verdict, liquidity, last sale, 90-day sales and 30-day trend. This server adds `window_days`, `matched_cards`, `last_sale_comps` (its `median` restated to the time of the last sale by the sales index of its label) and `next_sale` (as on /v1/value). No match is 404 `no_match`',
    tags: ['cards'],
    errors: KEYED_ERRORS_WITH_NO_MATCH,
    example: {
      meta: exampleMeta,
      data: {
        ...exampleValue,
        buy_score: 64,
        verdict: 'Accumulate',
        liquidity: 58,
        last_sale: 415,
        last_sale_date: '2026-11-14T18:05:00.000Z',
        sales_90d: 37,
        trend_30d: 3.2,
        population: null,
        watchers: null,
        window_days: 90,
        matched_cards: [
          { category: 'pokemon', label: 'Base Set', title: 'Charizard Base Set Holo', sales: 37 },
        ],
        last_sale_comps: { title: 'Charizard Base Set Holo', grade: 'PSA 9', median: 610, sales: 11 },
      },
    },
  }),
  usage: endpoint({
    operationId: 'getUsage',
    path: ENDPOINT_PATHS.usage,
    keyed: true,
    account: true,
    params: UsageParamsSchema,
    body: UsageResponseSchema,
    summary: 'What this key spent this month (spends no call)',
    description:
      "The key's calls this UTC month: its quota, calls used and remaining, when the month resets, the calls of each day so far (zeros included) and of each operation (by operationId, most calls first). `used` is the sum of `by_day`, exact across every server process. It spends no call of the quota, even when the quota is spent, but takes a rate-limit token like every keyed request. Takes no parameter but the key.",
    tags: ['account'],
    errors: {
      400: ['invalid_parameter'],
      401: ['missing_or_malformed_key'],
      429: ['rate_limited'],
      500: ['internal_error'],
      503: ['unavailable'],
    },
    example: {
      meta: exampleMeta,
      data: {
        tier: 'free',
        quota: 1000,
        used: 13,
        remaining: 987,
        period_start: '2026-11-01',
        resets_at: '2026-12-01T00:00:00.000Z',
        by_day: [
          { date: '2026-11-01', calls: 0 },
          { date: '2026-11-02', calls: 13 },
        ],
        by_operation: [
          { operation: 'getValue', calls: 9 },
          { operation: 'getSoldComps', calls: 4 },
        ],
      },
    },
  }),
  cards: endpoint({
    operationId: 'listCards',
    path: ENDPOINT_PATHS.cards,
    keyed: true,
    params: CardsParamsSchema,
    body: CardsResponseSchema,
    summary: 'The cards a query matches',
    description:
      'Every card whose title holds the words of `q` (or, in double quotes, the exact title), optionally only cards of `category` and `label`: title, category, label, sales in 90 and 365 days, the value of the sales in 365 days, last sale and the grades traded in 365 days. By `sales_value_365d` descending (the card the market spends most on first), then title; at most `limit` (default 25), `total` counting them all. No card matched is 404 `no_match`, spending nothing; so is a `label` no card carries, its hint naming the nearest label.',
    tags: ['cards'],
    errors: KEYED_ERRORS_WITH_NO_MATCH,
    example: {
      meta: exampleMeta,
      data: {
        query: exampleQuery,
        total: 3,
        cards: [
          {
            title: '1999 Pokemon Base Set Charizard Holo #4',
            category: 'pokemon',
            label: 'Base Set',
            sales_90d: 37,
            sales_365d: 141,
            sales_value_365d: 1843210.5,
            last_sale_date: '2026-11-14T18:05:00.000Z',
            grades: ['BGS 9.5', 'PSA 10', 'PSA 9', 'Raw'],
          },
        ],
      },
    },
  }),
  cardMovers: endpoint({
    operationId: 'listCardMovers',
    path: ENDPOINT_PATHS.cardMovers,
    keyed: true,
    params: CardMoversParamsSchema,
    body: CardMoversResponseSchema,
    summary: 'Which cards moved: each card and grade, its median over the last days against the days before',
    description:
      'Every card and grade (optionally only of `category`, `label` and `grade`) with at least 3 sales in each of the last `days` days (7, 30 or 90; default 30) and the `days` before: `pct_change` of its median sale price, the two medians and sale counts. Sorted by a rank score, `ln(current / previous) * n / (n + 5)` with `n` the smaller sale count, by absolute value (so three noisy sales do not top the list), then title and grade; `direction` `up` keeps the rises, `down` the falls; at most `limit` (default 25). No card qualifies: an empty list. A `label` no card carries is 404 `no_match`, its hint naming the nearest label.',
    tags: ['market'],
    errors: KEYED_ERRORS_WITH_NO_MATCH,
    example: {
      meta: exampleMeta,
      data: {
        days: 30,
        as_of: '2026-11-15T08:12:00.000Z',
        movers: [
          {
            title: '1999 Pokemon Base Set Charizard Holo #4',
            category: 'pokemon',
            label: 'Base Set',
            grade: 'PSA 9',
            pct_change: 12.5,
            previous_median: 2400,
            current_median: 2700,
            sales_previous: 9,
            sales_current: 11,
          },
        ],
      },
    },
  }),
  grading: endpoint({
    operationId: 'getGradingValue',
    path: ENDPOINT_PATHS.grading,
    keyed: true,
    params: GradingParamsSchema,
    body: GradingResponseSchema,
    summary: "Whether a raw copy of one card is worth grading: each grade's chance, price range and net",
    description:
      "For one card (`q`, its exact title in double quotes) and one grader (default PSA): each grade of the card's population report, lowest first, with `probability` (its share of the graded copies, shrunk toward the shares of its label's cards when the card has fewer than 100), the grade's `next_sale` range as `estimate`, `low` and `high`, and `net` (estimate less the grading `fee` and the selling costs, `selling_pct` % of the price plus `selling_fixed`). Beside them: the raw copy's next sale and `raw_net`, `expected_net` (probability-weighted over the priced grades, `unpriced_probability` being the share left out), `p_loss` (the chance the graded copy nets less than selling it raw, each grade's price log-normal through its 80 % range), `break_even_grade` (the lowest grade that nets at least `raw_net`), and with `cost`, `expected_profit`. The shares are of copies that owners chose to submit, which flatters a random raw copy: `caveat` says so. No report of that grader for the card: 404 `no_match` (it spends a call: the card matched).",
    tags: ['market'],
    errors: KEYED_ERRORS_WITH_NO_MATCH,
    example: {
      meta: exampleMeta,
      data: {
        query: '"1999 Pokemon Base Set Charizard Holo #4"',
        title: '1999 Pokemon Base Set Charizard Holo #4',
        grader: 'PSA',
        population_as_of: '2026-11-15',
        graded_copies: 620,
        raw: { estimate: 380, low: 290, high: 470, level: 80, sales_used: 41 },
        raw_net: 329.35,
        fee: 25,
        selling_pct: 13.25,
        selling_fixed: 0.3,
        expected_net: 1210.5,
        p_loss: 0.18,
        break_even_grade: 'PSA 6',
        unpriced_probability: 0,
        caveat:
          'The chances are the shares of copies that owners chose to submit, which flatters a random raw copy.',
        by_grade: [
          {
            grade: 'PSA 9',
            population: 290,
            probability: 0.4677,
            estimate: 1450,
            low: 1200,
            high: 1750,
            net: 1232.58,
          },
        ],
      },
    },
  }),
  history: endpoint({
    operationId: 'getPriceHistory',
    path: ENDPOINT_PATHS.history,
    keyed: true,
    params: HistoryParamsSchema,
    body: HistoryResponseSchema,
    summary: "A card's prices over time, per week or month and grade",
    description:
      'One point per period (UTC calendar week from Monday, or month) and grade with a sale, over the sales of the cards `q` matches (optionally only cards of `category` and `label`, one `grade`) sold from `from` 00:00 to `to` 24:00 UTC (default: the year to the as-of date; at most 1,096 days): median, p25 (`low`), p75 (`high`), min, max and count. `cards` says how many cards the series mixes. No card matched is 404 `no_match`, spending nothing; cards matched but no sale in the range is 404 `no_match` too, spending a call.',
    tags: ['cards'],
    errors: KEYED_ERRORS_WITH_NO_MATCH,
    example: {
      meta: exampleMeta,
      data: {
        query: '"1999 Pokemon Base Set Charizard Holo #4"',
        grade: 'PSA 9',
        currency: 'USD',
        interval: 'week',
        from: '2025-11-16',
        to: '2026-11-15',
        cards: 1,
        series: [
          {
            period_start: '2026-11-09',
            grade: 'PSA 9',
            median: 610,
            low: 580,
            high: 640,
            min: 540,
            max: 700,
            sales: 5,
          },
        ],
      },
    },
  }),
  salesIndex: endpoint({
    operationId: 'getSalesIndex',
    path: ENDPOINT_PATHS.salesIndex,
    keyed: true,
    params: SalesIndexParamsSchema,
    body: SalesIndexResponseSchema,
    summary: 'Weekly sales index: what sold prices did, each card and grade against itself',
    description:
      'A chained index of sold prices per category (or per `label`), one point per week ending at the store as-of time: each week, the weighted mean log change of the median price of every card and grade that sold in both that week and the week before; 100 in the first full week from 2026-05-29 (`base_date`). A single sale of a card or grade that did not trade in the week before moves nothing. `from` and `to` filter the points by date and never rebase the index. A `label` that no card carries is 404 `no_match`.',
    tags: ['market'],
    errors: KEYED_ERRORS_WITH_NO_MATCH,
    example: {
      meta: exampleMeta,
      data: {
        base_date: '2026-06-04',
        series: [
          {
            date: '2026-11-14',
            category: 'pokemon',
            label: null,
            index: 104.37,
            change_pct: 1.2,
            matched_cells: 812,
            sales: 5480,
          },
        ],
      },
    },
  }),
  accuracy: endpoint({
    operationId: 'getAccuracy',
    path: ENDPOINT_PATHS.accuracy,
    keyed: false,
    params: null,
    body: AccuracyResponseSchema,
    summary: 'Published accuracy: how well the values foretold the next sale (no key)',
    description:
      "Every sale of the last 84 days scored against the value its card and grade had just before it (the median and p25..p75 range of that cell's earlier sales in 90 days, widened to 365 when fewer than 5; scored when at least 3): the share that fell inside the range, the median absolute error and the median signed error (bias), overall, by category, by liquidity tier (`thin` 3-9 earlier sales, `steady` 10-29, `liquid` 30+) and by the next-sale estimate's price band. Each row's `next_sale` scores the same sales against the next-sale range /v3/value would have given just before each, calibrated on the 84 days before the scored window (out of sample): coverage of the `level` % range, misses below and above, the estimate's median error, the share within 10 %, the median width and the mean interval score (percent of the estimate). Computed at each rebuild. 404 `no_match` while no sale can be scored.",
    tags: ['market'],
    errors: { 404: ['no_match'], ...KEYLESS_ERRORS },
    example: {
      data: {
        as_of: '2026-11-15T08:12:00.000Z',
        window_days: 84,
        overall: {
          sales_scored: 48210,
          coverage_iqr: 51.3,
          median_abs_pct_error: 5.4,
          bias_pct: 0.2,
          next_sale: exampleNextSaleAccuracy,
        },
        by_category: [
          {
            category: 'pokemon',
            sales_scored: 9120,
            coverage_iqr: 52.1,
            median_abs_pct_error: 5.1,
            bias_pct: 0.3,
            next_sale: null,
          },
        ],
        by_liquidity: [
          {
            tier: 'thin',
            sales_scored: 6120,
            coverage_iqr: 44.2,
            median_abs_pct_error: 9.8,
            bias_pct: 0.6,
            next_sale: null,
          },
        ],
        by_price_band: [
          {
            band: '100_1k',
            sales_scored: 20480,
            coverage_iqr: 50.8,
            median_abs_pct_error: 5.2,
            bias_pct: 0.1,
            next_sale: exampleNextSaleAccuracy,
          },
        ],
        level: 80,
      },
    },
  }),
} as const;

export type EndpointName = keyof typeof ENDPOINTS;
export const ENDPOINT_LIST: readonly Endpoint[] = Object.values(ENDPOINTS);

/** The machine-readable description (GET /v1/openapi.json): served, but not an operation of its own. */
export { OPENAPI_PATH };

/** Every path of the API (a method other than GET, HEAD or OPTIONS on one of these is 405). */
export const API_PATHS: readonly string[] = [...ENDPOINT_LIST.map((e) => e.path), OPENAPI_PATH];

/** Paths answered with data for a key: each spends calls as contract/billing.ts says. */
export const KEYED_PATHS: readonly string[] = ENDPOINT_LIST.filter((e) => e.keyed && !e.account).map(
  (e) => e.path,
);

/**
 * The parameters a client sends to an operation, typed as the server reads them: the names and
 * optionality of the query (a parameter with a default may be left out), the types after parsing
 * (`days` is a number, `category` one of the categories).
 */
export type RequestParams<S extends z.ZodType> = {
  [K in keyof z.input<S>]: K extends keyof z.output<S>
    ? Exclude<z.output<S>[K], undefined> | (undefined extends z.input<S>[K] ? undefined : never)
    : never;
};
