import { describe, expect, it } from 'vitest';
import { API_PATHS, ENDPOINT_LIST, ENDPOINTS, KEYED_PATHS, OPENAPI_PATH } from './endpoints';
import { PARAMETER_DOCS } from './params';

describe('the endpoint registry', () => {
  it('names each operation and path once', () => {
    const ids = ENDPOINT_LIST.map((e) => e.operationId);
    const paths = ENDPOINT_LIST.map((e) => e.path);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(paths).size).toBe(paths.length);
    expect(API_PATHS).toEqual([...paths, OPENAPI_PATH]);
    expect(KEYED_PATHS).toEqual([
      '/v1/categories',
      '/v1/floor',
      '/v1/index',
      '/v1/sold',
      '/v1/movers',
      '/v1/value',
      '/v3/value',
      '/v1/cards',
      '/v1/card-movers',
      '/v1/grading',
      '/v1/history',
      '/v1/sales-index',
    ]);
  });

  it.each(ENDPOINT_LIST.map((e) => [e.operationId, e] as const))(
    '%s: its example is a 200 body',
    (_, endpoint) => {
      expect(endpoint.body.safeParse(endpoint.example).success).toBe(true);
    },
  );

  it('keyed operations take parameters and list the errors of a key, its parameters and its quota; every one can be unavailable', () => {
    for (const endpoint of ENDPOINT_LIST) {
      expect(endpoint.errors[503], endpoint.path).toEqual(['unavailable']);
      expect(endpoint.errors[500], endpoint.path).toEqual(['internal_error']);
      if (!endpoint.keyed) continue;
      expect(endpoint.params, endpoint.path).not.toBeNull();
      expect(endpoint.errors[400]).toEqual(['invalid_parameter']);
      expect(endpoint.errors[401]).toEqual(['missing_or_malformed_key']);
      // An account operation (/v1/usage) is answered even when the quota is spent.
      expect(endpoint.errors[429]).toEqual(
        endpoint.account ? ['rate_limited'] : ['quota_exceeded', 'rate_limited'],
      );
    }
    expect(ENDPOINTS.index.errors[404]).toEqual(['no_match']); // a label no card carries
    expect(ENDPOINTS.cards.errors[404]).toEqual(['no_match']);
    expect(ENDPOINTS.history.errors[404]).toEqual(['no_match']);
    expect(ENDPOINTS.salesIndex.errors[404]).toEqual(['no_match']);
    expect(ENDPOINTS.accuracy.keyed).toBe(false); // published: no key
    expect(ENDPOINTS.accuracy.errors[404]).toEqual(['no_match']); // no sale scored yet
    expect(ENDPOINTS.demoKey.errors).toMatchObject({ 404: ['not_found'], 429: ['rate_limited'] });
  });

  it('every query parameter is described for the OpenAPI document', () => {
    for (const endpoint of ENDPOINT_LIST)
      for (const name of Object.keys(endpoint.params?.shape ?? {}))
        expect(PARAMETER_DOCS[name]?.description, `${endpoint.path} ${name}`).toBeTruthy();
  });
});
