/**
 * The path of every operation of the endpoint registry (endpoints.ts), on its own: a client that
 * only needs to name paths (the dashboard's query factories, in its first-paint bundle) does not
 * load the registry's descriptions, examples and parameter schemas.
 */
export const ENDPOINT_PATHS = {
  ping: '/v1/ping',
  indexDocument: '/v1',
  demoKey: '/v1/demo-key',
  categories: '/v1/categories',
  floor: '/v1/floor',
  index: '/v1/index',
  sold: '/v1/sold',
  movers: '/v1/movers',
  value: '/v1/value',
  enrichedValue: '/v3/value',
  usage: '/v1/usage',
  cards: '/v1/cards',
  cardMovers: '/v1/card-movers',
  history: '/v1/history',
  salesIndex: '/v1/sales-index',
  accuracy: '/v1/accuracy',
  grading: '/v1/grading',
} as const;

/** The OpenAPI description (generated from the registry). */
export const OPENAPI_PATH = '/v1/openapi.json';
