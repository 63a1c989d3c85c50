import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { Category } from '../../../contract/categories';
import { ENDPOINTS, OPENAPI_PATH, type RequestParams } from '../../../contract/endpoints';
import {
  CategoryIndexResponseSchema,
  CategoryLabelsResponseSchema,
  DemoKeySchema,
} from '../../../contract/resources';
import { apiFetch } from './api-fetch';
import { type ApiRequest, apiRequest, type ParamValue } from './api-request';
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
 * Keyed queries stay disabled until there is a key. Paths, parameter types and answer schemas
 * come from the endpoint registry (src/contract/endpoints.ts).
 */
export type ApiQueryKey = readonly ['slab', ApiRequest];

const keyOf = (request: ApiRequest): ApiQueryKey => ['slab', request] as const;

/** For enveloped (keyed) resources: fetch, parse the envelope, keep `data` in the cache. */
function envelopeQuery<D>(
  api: ApiConnection,
  endpoint: { path: string },
  params: Readonly<Record<string, ParamValue>>,
  schema: z.ZodType<{ data: D }>,
) {
  const request = apiRequest(api.baseUrl, endpoint.path, params);
  return queryOptions({
    queryKey: keyOf(request),
    queryFn: async ({ signal }) => (await apiFetch({ request, apiKey: api.apiKey, schema, signal })).data,
    enabled: api.apiKey !== null,
    staleTime: (query) => msUntilNextUtcDay(query.state.dataUpdatedAt || Date.now()),
  });
}

// ---- keyless -------------------------------------------------------------------------------------

export function pingQuery(api: ApiConnection) {
  const { path, body } = ENDPOINTS.ping;
  const request = apiRequest(api.baseUrl, path, {}, false);
  return queryOptions({
    queryKey: keyOf(request),
    queryFn: ({ signal }) => apiFetch({ request, apiKey: null, schema: body, signal }),
    staleTime: PING_STALE_MS,
    refetchInterval: PING_STALE_MS,
  });
}

/** The service index document (GET /v1); its `market` says whether the data is synthetic. */
export function indexDocumentQuery(api: ApiConnection) {
  const { path, body } = ENDPOINTS.indexDocument;
  const request = apiRequest(api.baseUrl, path, {}, false);
  return queryOptions({
    queryKey: keyOf(request),
    queryFn: ({ signal }) => apiFetch({ request, apiKey: null, schema: body, signal }),
    staleTime: (query) => msUntilNextUtcDay(query.state.dataUpdatedAt || Date.now()),
  });
}

/** The OpenAPI 3.1 description, loosely checked: the settings page renders its paths. */
export const OpenApiSchema = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string() }).loose(),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type OpenApi = z.infer<typeof OpenApiSchema>;

export function openapiQuery(api: ApiConnection) {
  const request = apiRequest(api.baseUrl, OPENAPI_PATH, {}, false);
  return queryOptions({
    queryKey: keyOf(request),
    queryFn: ({ signal }) => apiFetch({ request, apiKey: null, schema: OpenApiSchema, signal }),
    staleTime: (query) => msUntilNextUtcDay(query.state.dataUpdatedAt || Date.now()),
  });
}

/** Demo mode of the bundled server mints a personal free key; 404 when demo mode is off. */
export function demoKeyQuery(api: ApiConnection) {
  const request = apiRequest(api.baseUrl, ENDPOINTS.demoKey.path, {}, false);
  return queryOptions({
    queryKey: keyOf(request),
    queryFn: ({ signal }) => apiFetch({ request, apiKey: null, schema: DemoKeySchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    // The answer is a key: keep it out of the persisted cache (see query-client.ts).
    meta: { persist: false },
  });
}

// ---- keyed (metered) ---------------------------------------------------------------------------------

export const categoriesQuery = (api: ApiConnection) =>
  envelopeQuery(api, ENDPOINTS.categories, {}, CategoryIndexResponseSchema);

export const categoryLabelsQuery = (api: ApiConnection, category: Category) =>
  envelopeQuery(api, ENDPOINTS.categories, { category }, CategoryLabelsResponseSchema);

export type FloorQueryParams = RequestParams<typeof ENDPOINTS.floor.params>;
export const floorQuery = (api: ApiConnection, params: FloorQueryParams = {}) =>
  envelopeQuery(api, ENDPOINTS.floor, { ...params }, ENDPOINTS.floor.body);

/** `from` and `to` as YYYY-MM-DD. */
export type IndexQueryParams = RequestParams<typeof ENDPOINTS.index.params>;
export const indexQuery = (api: ApiConnection, params: IndexQueryParams = {}) =>
  envelopeQuery(api, ENDPOINTS.index, { ...params }, ENDPOINTS.index.body);

export type SoldQueryParams = RequestParams<typeof ENDPOINTS.sold.params>;
export const soldQuery = (api: ApiConnection, params: SoldQueryParams) =>
  envelopeQuery(api, ENDPOINTS.sold, { ...params }, ENDPOINTS.sold.body);

export type MoversQueryParams = RequestParams<typeof ENDPOINTS.movers.params>;
export const moversQuery = (api: ApiConnection, params: MoversQueryParams = {}) =>
  envelopeQuery(api, ENDPOINTS.movers, { ...params }, ENDPOINTS.movers.body);

export type ValueQueryParams = RequestParams<typeof ENDPOINTS.value.params>;
export const valueQuery = (api: ApiConnection, params: ValueQueryParams) =>
  envelopeQuery(api, ENDPOINTS.value, { ...params }, ENDPOINTS.value.body);

export const enrichedValueQuery = (api: ApiConnection, params: ValueQueryParams) =>
  envelopeQuery(api, ENDPOINTS.enrichedValue, { ...params }, ENDPOINTS.enrichedValue.body);
