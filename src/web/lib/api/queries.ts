import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Category } from '../../../contract/categories';
import { ENDPOINT_PATHS } from '../../../contract/endpoint-paths';
import type { ENDPOINTS, RequestParams } from '../../../contract/endpoints';
import { recordQuota } from '../quota/quota-store';
import { apiFetch } from './api-fetch';
import { type ApiRequest, apiRequest, type ParamValue } from './api-request';
import type { ContractSchemas } from './contract-schemas';
import { msUntilNextUtcDay, PING_STALE_MS } from './stale-time';
import type { ApiConnection } from './use-api-connection';

/**
 * One queryOptions factory per resource (TkDodo's pattern). Use them with useQuery /
 * useSuspenseQuery / queryClient.prefetchQuery:
 *
 *   const api = useApiConnection();
 *   const floor = floorQuery(api, { category });
 *   const result = useQuery(floor);                       // result.data is FloorData, parsed by zod
 *   <QueryState result={result}>{(data) => <FloorTable rows={data.categories} />}</QueryState>
 *   <ApiCallPanel request={floor.queryKey[1]} result={result} />
 *
 * The query key is ['slab', ApiRequest]: base URL, path and params, never the key, so the cache
 * (persisted to IndexedDB) holds no secret and is shared by keys of the same server.
 * Keyed queries stay disabled until there is a key. Paths and parameter types come from the
 * endpoint registry (src/contract/endpoints.ts; its paths through endpoint-paths.ts and its types
 * only, so that its descriptions and examples stay out of the first-paint bundle), answer schemas
 * from the contract's resources (the registry's `body` of each operation), named here and loaded
 * with the first call (api-fetch.ts).
 */
export type ApiQueryKey = readonly ['slab', ApiRequest];

const keyOf = (request: ApiRequest): ApiQueryKey => ['slab', request] as const;

/** For enveloped (keyed) resources: fetch, parse the envelope, keep `data` in the cache. */
function envelopeQuery<D>(
  api: ApiConnection,
  path: string,
  params: Readonly<Record<string, ParamValue>>,
  schema: (schemas: ContractSchemas) => z.ZodType<{ data: D }>,
) {
  const request = apiRequest(api.baseUrl, path, params);
  return queryOptions({
    queryKey: keyOf(request),
    queryFn: async ({ signal }) => (await apiFetch({ request, apiKey: api.apiKey, schema, signal })).data,
    enabled: api.apiKey !== null,
    staleTime: (query) => msUntilNextUtcDay(query.state.dataUpdatedAt || Date.now()),
  });
}

// ---- keyless -------------------------------------------------------------------------------------

export function pingQuery(api: ApiConnection) {
  const request = apiRequest(api.baseUrl, ENDPOINT_PATHS.ping, {}, false);
  return queryOptions({
    queryKey: keyOf(request),
    queryFn: ({ signal }) =>
      apiFetch({ request, apiKey: null, schema: (schemas) => schemas.PingSchema, signal }),
    staleTime: PING_STALE_MS,
    refetchInterval: PING_STALE_MS,
  });
}

/** The service index document (GET /v1); its `market` says whether the data is synthetic. */
export function indexDocumentQuery(api: Pick<ApiConnection, 'baseUrl'>) {
  const request = apiRequest(api.baseUrl, ENDPOINT_PATHS.indexDocument, {}, false);
  return queryOptions({
    queryKey: keyOf(request),
    queryFn: ({ signal }) =>
      apiFetch({ request, apiKey: null, schema: (schemas) => schemas.IndexDocumentSchema, signal }),
    staleTime: (query) => msUntilNextUtcDay(query.state.dataUpdatedAt || Date.now()),
  });
}

/**
 * The whole OpenAPI document (GET /v1/openapi.json), kept as it came (contract-schemas.ts): the API
 * docs page reads it. Keyless and free; cached for the day. Not under 'slab': the settings-era
 * openapiQuery caches a stripped shape under that key.
 */
export function openapiDocumentQuery(api: Pick<ApiConnection, 'baseUrl'>) {
  const request = apiRequest(api.baseUrl, '/v1/openapi.json', {}, false);
  return queryOptions({
    queryKey: ['slab-openapi-document', request] as const,
    queryFn: ({ signal }) =>
      apiFetch({ request, apiKey: null, schema: (schemas) => schemas.OpenApiDocumentSchema, signal }),
    staleTime: (query) => msUntilNextUtcDay(query.state.dataUpdatedAt || Date.now()),
  });
}

/** Published accuracy (GET /v1/accuracy, keyless): how well the values foretold the next sale. */
export function accuracyQuery(api: ApiConnection) {
  const request = apiRequest(api.baseUrl, ENDPOINT_PATHS.accuracy, {}, false);
  return queryOptions({
    queryKey: keyOf(request),
    queryFn: async ({ signal }) =>
      (await apiFetch({ request, apiKey: null, schema: (schemas) => schemas.AccuracyResponseSchema, signal }))
        .data,
    staleTime: (query) => msUntilNextUtcDay(query.state.dataUpdatedAt || Date.now()),
  });
}

// ---- keyed (metered) ---------------------------------------------------------------------------------

export const categoriesQuery = (api: ApiConnection) =>
  envelopeQuery(api, ENDPOINT_PATHS.categories, {}, (schemas) => schemas.CategoryIndexResponseSchema);

export const categoryLabelsQuery = (api: ApiConnection, category: Category) =>
  envelopeQuery(
    api,
    ENDPOINT_PATHS.categories,
    { category },
    (schemas) => schemas.CategoryLabelsResponseSchema,
  );

export type FloorQueryParams = RequestParams<typeof ENDPOINTS.floor.params>;
export const floorQuery = (api: ApiConnection, params: FloorQueryParams = {}) =>
  envelopeQuery(api, ENDPOINT_PATHS.floor, { ...params }, (schemas) => schemas.FloorResponseSchema);

/** `from` and `to` as YYYY-MM-DD. */
export type IndexQueryParams = RequestParams<typeof ENDPOINTS.index.params>;
export const indexQuery = (api: ApiConnection, params: IndexQueryParams = {}) =>
  envelopeQuery(api, ENDPOINT_PATHS.index, { ...params }, (schemas) => schemas.IndexResponseSchema);

/** The weekly sales index: the same parameters as the index (`category`, `label`, `from`, `to`). */
export const salesIndexQuery = (api: ApiConnection, params: IndexQueryParams = {}) =>
  envelopeQuery(api, ENDPOINT_PATHS.salesIndex, { ...params }, (schemas) => schemas.SalesIndexResponseSchema);

export type SoldQueryParams = RequestParams<typeof ENDPOINTS.sold.params>;
export const soldQuery = (api: ApiConnection, params: SoldQueryParams) =>
  envelopeQuery(api, ENDPOINT_PATHS.sold, { ...params }, (schemas) => schemas.SoldResponseSchema);

export type MoversQueryParams = RequestParams<typeof ENDPOINTS.movers.params>;
export const moversQuery = (api: ApiConnection, params: MoversQueryParams = {}) =>
  envelopeQuery(api, ENDPOINT_PATHS.movers, { ...params }, (schemas) => schemas.MoversResponseSchema);

/** Which cards moved, each in one grade (`/v1/card-movers`). */
export type CardMoversQueryParams = RequestParams<typeof ENDPOINTS.cardMovers.params>;
export const cardMoversQuery = (api: ApiConnection, params: CardMoversQueryParams = {}) =>
  envelopeQuery(api, ENDPOINT_PATHS.cardMovers, { ...params }, (schemas) => schemas.CardMoversResponseSchema);

export type ValueQueryParams = RequestParams<typeof ENDPOINTS.value.params>;
export const valueQuery = (api: ApiConnection, params: ValueQueryParams) =>
  envelopeQuery(api, ENDPOINT_PATHS.value, { ...params }, (schemas) => schemas.ValueResponseSchema);

export const enrichedValueQuery = (api: ApiConnection, params: ValueQueryParams) =>
  envelopeQuery(
    api,
    ENDPOINT_PATHS.enrichedValue,
    { ...params },
    (schemas) => schemas.EnrichedValueResponseSchema,
  );

/** The cards a query matches (`/v1/cards`): what the user picks one card from. */
export type CardsQueryParams = RequestParams<typeof ENDPOINTS.cards.params>;
export const cardsQuery = (api: ApiConnection, params: CardsQueryParams) =>
  envelopeQuery(api, ENDPOINT_PATHS.cards, { ...params }, (schemas) => schemas.CardsResponseSchema);

/** One card's prices per week or month and grade (`/v1/history`); `from` and `to` as YYYY-MM-DD. */
export type HistoryQueryParams = RequestParams<typeof ENDPOINTS.history.params>;
export const historyQuery = (api: ApiConnection, params: HistoryQueryParams) =>
  envelopeQuery(api, ENDPOINT_PATHS.history, { ...params }, (schemas) => schemas.HistoryResponseSchema);

/** Whether a raw copy of one card is worth grading (`/v1/grading`): per grade its chance, range and net. */
export type GradingQueryParams = RequestParams<typeof ENDPOINTS.grading.params>;
export const gradingQuery = (api: ApiConnection, params: GradingQueryParams) =>
  envelopeQuery(api, ENDPOINT_PATHS.grading, { ...params }, (schemas) => schemas.GradingResponseSchema);

// ---- the key's own account (spends nothing) -----------------------------------------------------

/**
 * What the key spent this month (GET /v1/usage). Spends no call, so the quota meter does not count
 * it; it describes one key, so it is never persisted and is fetched again whenever it is shown.
 */
export function usageQuery(api: ApiConnection) {
  const request = apiRequest(api.baseUrl, ENDPOINT_PATHS.usage, {});
  return queryOptions({
    queryKey: keyOf(request),
    queryFn: async ({ signal }) =>
      (
        await apiFetch({
          request,
          apiKey: api.apiKey,
          schema: (schemas) => schemas.UsageResponseSchema,
          signal,
          onQuota: (observation) => recordQuota({ ...observation, spent: false }),
        })
      ).data,
    enabled: api.apiKey !== null,
    staleTime: 0,
    meta: { persist: false },
  });
}
