import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { Category } from '../../../contract/categories';
import {
  CategoryIndexResponseSchema,
  CategoryLabelsResponseSchema,
  EnrichedValueResponseSchema,
  FloorResponseSchema,
  IndexDocumentSchema,
  IndexResponseSchema,
  MoversResponseSchema,
  PingSchema,
  SoldResponseSchema,
  ValueResponseSchema,
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
 * Keyed queries stay disabled until there is a key.
 */
export type ApiQueryKey = readonly ['slab', ApiRequest];

const keyOf = (request: ApiRequest): ApiQueryKey => ['slab', request] as const;

/** For enveloped (keyed) resources: fetch, parse the envelope, keep `data` in the cache. */
function envelopeQuery<D>(
  api: ApiConnection,
  path: string,
  params: Readonly<Record<string, ParamValue>>,
  schema: z.ZodType<{ data: D }>,
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
  const request = apiRequest(api.baseUrl, '/v1/ping', {}, false);
  return queryOptions({
    queryKey: keyOf(request),
    queryFn: ({ signal }) => apiFetch({ request, apiKey: null, schema: PingSchema, signal }),
    staleTime: PING_STALE_MS,
    refetchInterval: PING_STALE_MS,
  });
}

/** The service index document (GET /v1); its `market` says whether the data is synthetic. */
export function indexDocumentQuery(api: ApiConnection) {
  const request = apiRequest(api.baseUrl, '/v1', {}, false);
  return queryOptions({
    queryKey: keyOf(request),
    queryFn: ({ signal }) => apiFetch({ request, apiKey: null, schema: IndexDocumentSchema, signal }),
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
  const request = apiRequest(api.baseUrl, '/v1/openapi.json', {}, false);
  return queryOptions({
    queryKey: keyOf(request),
    queryFn: ({ signal }) => apiFetch({ request, apiKey: null, schema: OpenApiSchema, signal }),
    staleTime: (query) => msUntilNextUtcDay(query.state.dataUpdatedAt || Date.now()),
  });
}

/** Demo mode of the bundled server hands out a free key; 404 when demo mode is off. */
export const DemoKeySchema = z.object({ key: z.string(), tier: z.string() });
export type DemoKey = z.infer<typeof DemoKeySchema>;

export function demoKeyQuery(api: ApiConnection) {
  const request = apiRequest(api.baseUrl, '/v1/demo-key', {}, false);
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
  envelopeQuery(api, '/v1/categories', {}, CategoryIndexResponseSchema);

export const categoryLabelsQuery = (api: ApiConnection, category: Category) =>
  envelopeQuery(api, '/v1/categories', { category }, CategoryLabelsResponseSchema);

export const floorQuery = (api: ApiConnection, params: { category?: Category } = {}) =>
  envelopeQuery(api, '/v1/floor', params, FloorResponseSchema);

export interface IndexQueryParams {
  category?: Category;
  label?: string;
  /** YYYY-MM-DD */
  from?: string;
  /** YYYY-MM-DD */
  to?: string;
}
export const indexQuery = (api: ApiConnection, params: IndexQueryParams = {}) =>
  envelopeQuery(api, '/v1/index', { ...params }, IndexResponseSchema);

export interface SoldQueryParams {
  q: string;
  grade?: string;
  days?: number;
}
export const soldQuery = (api: ApiConnection, params: SoldQueryParams) =>
  envelopeQuery(api, '/v1/sold', { ...params }, SoldResponseSchema);

export interface MoversQueryParams {
  category?: Category;
  limit?: number;
}
export const moversQuery = (api: ApiConnection, params: MoversQueryParams = {}) =>
  envelopeQuery(api, '/v1/movers', { ...params }, MoversResponseSchema);

export interface ValueQueryParams {
  q: string;
  grade?: string;
  min_price?: number;
  max_price?: number;
}
export const valueQuery = (api: ApiConnection, params: ValueQueryParams) =>
  envelopeQuery(api, '/v1/value', { ...params }, ValueResponseSchema);

export const enrichedValueQuery = (api: ApiConnection, params: ValueQueryParams) =>
  envelopeQuery(api, '/v3/value', { ...params }, EnrichedValueResponseSchema);
