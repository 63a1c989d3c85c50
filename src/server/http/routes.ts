import { createRoute, type RouteConfig, type z } from '@hono/zod-openapi';
import { ENDPOINTS, type Endpoint } from '../../contract/endpoints';

/**
 * The server's routes, one per operation of the endpoint registry (src/contract/endpoints.ts): the
 * keyed routes validate their query with the registry's parameter schema. The OpenAPI document is
 * built from the registry too (openapi.ts), not from these routes.
 */

const responsesOf = (endpoint: Endpoint) => ({
  200: { description: endpoint.summary, content: { 'application/json': { schema: endpoint.body } } },
});

const keylessRoute = (endpoint: Endpoint<null>) =>
  createRoute({
    method: 'get',
    path: endpoint.path,
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    description: endpoint.description,
    tags: [...endpoint.tags],
    security: [],
    responses: responsesOf(endpoint),
  });

const keyedRoute = <P extends z.ZodObject>(endpoint: Endpoint<P>) => {
  const route: RouteConfig & { request: { query: P } } = {
    method: 'get',
    path: endpoint.path,
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    description: endpoint.description,
    tags: [...endpoint.tags],
    security: [{ ApiKeyHeader: [] }, { ApiKeyQuery: [] }],
    request: { query: endpoint.params },
    responses: responsesOf(endpoint),
  };
  return createRoute(route);
};

export const pingRoute = keylessRoute(ENDPOINTS.ping);
export const indexDocumentRoute = keylessRoute(ENDPOINTS.indexDocument);
export const demoKeyRoute = keylessRoute(ENDPOINTS.demoKey);
export const categoriesRoute = keyedRoute(ENDPOINTS.categories);
export const floorRoute = keyedRoute(ENDPOINTS.floor);
export const indexRoute = keyedRoute(ENDPOINTS.index);
export const soldRoute = keyedRoute(ENDPOINTS.sold);
export const moversRoute = keyedRoute(ENDPOINTS.movers);
export const valueRoute = keyedRoute(ENDPOINTS.value);
export const enrichedValueRoute = keyedRoute(ENDPOINTS.enrichedValue);

export { API_PATHS, KEYED_PATHS } from '../../contract/endpoints';
