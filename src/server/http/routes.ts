import { createRoute, z } from '@hono/zod-openapi';
import { ErrorBodySchema } from '../../contract/errors';
import {
  CategoriesParamsSchema,
  FloorParamsSchema,
  IndexParamsSchema,
  MoversParamsSchema,
  SoldParamsSchema,
  ValueParamsSchema,
} from '../../contract/params';
import {
  CategoryIndexDataSchema,
  CategoryLabelsDataSchema,
  EnrichedValueResponseSchema,
  envelope,
  FloorResponseSchema,
  IndexDocumentSchema,
  IndexResponseSchema,
  MoversResponseSchema,
  PingSchema,
  SoldResponseSchema,
  ValueResponseSchema,
} from '../../contract/resources';

/**
 * Every operation, declared once with the contract's schemas: the server validates with these
 * routes and the OpenAPI document (GET /v1/openapi.json) is generated from them.
 */

export const SECURITY_SCHEMES = {
  ApiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key' },
  ApiKeyQuery: { type: 'apiKey', in: 'query', name: 'key' },
} as const;
const keyed: Record<string, string[]>[] = [{ ApiKeyHeader: [] }, { ApiKeyQuery: [] }];

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const rateLimitHeaders = {
  RateLimit: {
    description: 'IETF draft form: `"monthly";r=<calls left this month>;t=<seconds until the quota resets>`.',
    schema: { type: 'string' as const },
  },
  'RateLimit-Policy': {
    description: 'IETF draft form: `"monthly";q=<monthly quota of the tier>;w=<seconds in this month>`.',
    schema: { type: 'string' as const },
  },
  'x-request-id': {
    description: 'Identifies the request in the server log.',
    schema: { type: 'string' as const },
  },
};

/** HTTP caching of a keyed answer (docs/api.md, "HTTP caching"). */
const cachingHeaders = {
  ETag: {
    description:
      "A strong tag of the answer's `data` (not of `meta`): send it in If-None-Match to get a 304.",
    schema: { type: 'string' as const },
  },
  'Cache-Control': {
    description: '`private, no-cache`: the answer is per key; a private cache revalidates it.',
    schema: { type: 'string' as const },
  },
  Vary: { description: '`x-api-key, accept-encoding`.', schema: { type: 'string' as const } },
};

const error = (description: string) => json(ErrorBodySchema, description);

const keyedErrors = {
  400: error('`invalid_parameter`: the hint names the parameter and what is allowed.'),
  401: {
    ...error('`missing_or_malformed_key`: send a valid, active key in the x-api-key header.'),
    headers: {
      'WWW-Authenticate': {
        description: 'The scheme the server wants: `ApiKey header="x-api-key"`.',
        schema: { type: 'string' as const },
      },
    },
  },
  429: {
    ...error(
      "`quota_exceeded`: the monthly quota of the key is spent; the hint names the reset date. `rate_limited`: the key sent more requests than its tier's rate limit allows (free 20 a second in bursts of 100, pro 50/250, business 200/1,000); spends nothing.",
    ),
    headers: {
      'Retry-After': {
        description:
          'Seconds until the quota resets (`quota_exceeded`), or until the key may send again (`rate_limited`).',
        schema: { type: 'integer' as const },
      },
      ...rateLimitHeaders,
    },
  },
  500: error('`internal_error`.'),
};

const noMatch = {
  404: error(
    '`no_match`: no card or no sale matches q; the hint names a query that matches (`Try q=... instead.`). Spends no quota.',
  ),
};

const ok = <T extends z.ZodType>(schema: T, description: string) => ({
  200: { ...json(schema, description), headers: { ...rateLimitHeaders, ...cachingHeaders } },
  304: {
    description:
      'Not Modified: If-None-Match named the current ETag of the answer. No body; spends no quota (the rate limit still counts it).',
    headers: { ...rateLimitHeaders, ...cachingHeaders },
  },
});

export const pingRoute = createRoute({
  method: 'get',
  path: '/v1/ping',
  tags: ['service'],
  summary: 'Liveness (no key, not wrapped in the envelope)',
  responses: { 200: json(PingSchema, 'The service is up.') },
});

export const indexDocumentRoute = createRoute({
  method: 'get',
  path: '/v1',
  tags: ['service'],
  summary: 'The index document of the service (no key)',
  responses: {
    200: json(IndexDocumentSchema, 'Service, version, auth, pricing, endpoints, categories, links.'),
  },
});

export const DemoKeySchema = z.object({ key: z.string(), tier: z.string() });

export const demoKeyRoute = createRoute({
  method: 'get',
  path: '/v1/demo-key',
  tags: ['service'],
  summary: 'The free demo key of a server in demo mode (no key; absent when demo mode is off)',
  responses: {
    200: json(DemoKeySchema, 'A free-tier key that anyone may use to try the API.'),
    404: error('`not_found`: this server offers no demo key.'),
  },
});

export const categoriesRoute = createRoute({
  method: 'get',
  path: '/v1/categories',
  tags: ['market'],
  summary: 'Category index, or the labels of one category',
  security: keyed,
  request: { query: CategoriesParamsSchema },
  responses: {
    ...ok(
      envelope(z.union([CategoryIndexDataSchema, CategoryLabelsDataSchema])),
      'Without `category`: every category with counts. With `category`: its labels.',
    ),
    ...keyedErrors,
  },
});

export const floorRoute = createRoute({
  method: 'get',
  path: '/v1/floor',
  tags: ['market'],
  summary: 'Current floor per category (latest listing snapshot)',
  security: keyed,
  request: { query: FloorParamsSchema },
  responses: { ...ok(FloorResponseSchema, 'The floor of each category.'), ...keyedErrors },
});

export const indexRoute = createRoute({
  method: 'get',
  path: '/v1/index',
  tags: ['market'],
  summary: 'Daily index time series (from 2026-05-29)',
  security: keyed,
  request: { query: IndexParamsSchema },
  responses: { ...ok(IndexResponseSchema, 'Series by date ascending, then category.'), ...keyedErrors },
});

export const soldRoute = createRoute({
  method: 'get',
  path: '/v1/sold',
  tags: ['cards'],
  summary: 'Aggregated sold-comp stats',
  security: keyed,
  request: { query: SoldParamsSchema },
  responses: { ...ok(SoldResponseSchema, 'Sold-comp statistics of the window.'), ...keyedErrors, ...noMatch },
});

export const moversRoute = createRoute({
  method: 'get',
  path: '/v1/movers',
  tags: ['market'],
  summary: 'Top movers: each card and grade against itself, last 7 days against the 7 before (beta)',
  security: keyed,
  request: { query: MoversParamsSchema },
  responses: { ...ok(MoversResponseSchema, 'Labels by absolute percentage change.'), ...keyedErrors },
});

export const valueRoute = createRoute({
  method: 'get',
  path: '/v1/value',
  tags: ['cards'],
  summary: 'Value with range, confidence and per-grade ladder',
  security: keyed,
  request: { query: ValueParamsSchema },
  responses: { ...ok(ValueResponseSchema, 'The value of the matched cards.'), ...keyedErrors, ...noMatch },
});

export const enrichedValueRoute = createRoute({
  method: 'get',
  path: '/v3/value',
  tags: ['cards'],
  summary: 'Enriched value with buy score, verdict, liquidity and trend',
  security: keyed,
  request: { query: ValueParamsSchema },
  responses: {
    ...ok(
      EnrichedValueResponseSchema,
      'Everything of /v1/value except `filter` and `as_of`, plus the signals; this server adds `window_days` and `matched_cards`.',
    ),
    ...keyedErrors,
    ...noMatch,
  },
});

/** Paths answered with data for a key: each spends one call of the monthly quota on a 2xx. */
export const KEYED_PATHS = [
  categoriesRoute.path,
  floorRoute.path,
  indexRoute.path,
  soldRoute.path,
  moversRoute.path,
  valueRoute.path,
  enrichedValueRoute.path,
] as const;

/** Extra words for the parameters in the OpenAPI document (the rules themselves live in params.ts). */
export const PARAMETER_DESCRIPTIONS: Record<string, string> = {
  category: 'One of the 19 categories of the service.',
  label: 'Group the index by this label of the category (a set, product line or player).',
  from: 'First date, YYYY-MM-DD; earlier than 2026-05-29 is clamped to it.',
  to: 'Last date (inclusive), YYYY-MM-DD; not before `from`.',
  q: 'Card query: 1 to 12 words (letters and digits) of the card title in any order, at most 200 characters.',
  grade: 'Grade such as `PSA 10`, `BGS 9.5` or `Raw`; case- and space-insensitive.',
  days: 'Window in days ending at the store as-of time: a whole number from 1 to 365, default 30.',
  limit: 'Number of movers: a whole number from 1 to 100, default 25.',
  min_price: 'Only sales at or above this price (USD, non-negative).',
  max_price: 'Only sales at or below this price (USD, non-negative); not below `min_price`.',
};
