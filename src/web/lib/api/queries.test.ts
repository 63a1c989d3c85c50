import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../contract/endpoints';
import {
  categoriesQuery,
  enrichedValueQuery,
  floorQuery,
  gradingQuery,
  indexQuery,
  moversQuery,
  soldQuery,
  valueQuery,
} from './queries';

const api = { baseUrl: 'http://api.test', apiKey: `slab_live_${'0'.repeat(48)}` };
const requestOf = (options: { queryKey: readonly unknown[] }) =>
  options.queryKey[1] as { path: string; params: Record<string, string>; keyed: boolean };

describe('query factories take their paths and parameter types from the endpoint registry', () => {
  it('each asks the path of its operation, as a keyed request', () => {
    const pairs = [
      [categoriesQuery(api), ENDPOINTS.categories],
      [floorQuery(api), ENDPOINTS.floor],
      [indexQuery(api), ENDPOINTS.index],
      [soldQuery(api, { q: 'charizard' }), ENDPOINTS.sold],
      [moversQuery(api), ENDPOINTS.movers],
      [valueQuery(api, { q: 'charizard' }), ENDPOINTS.value],
      [enrichedValueQuery(api, { q: 'charizard' }), ENDPOINTS.enrichedValue],
      [gradingQuery(api, { q: '"Card"', grader: 'PSA' }), ENDPOINTS.grading],
    ] as const;
    for (const [options, endpoint] of pairs) {
      expect(requestOf(options).path).toBe(endpoint.path);
      expect(requestOf(options).keyed).toBe(endpoint.keyed);
    }
  });

  it('sends parameters typed as the server reads them, as query strings', () => {
    const sold = soldQuery(api, { q: 'charizard', grade: 'PSA 10', days: 90 });
    expect(requestOf(sold).params).toEqual({ q: 'charizard', grade: 'PSA 10', days: '90' });
    const movers = moversQuery(api, { category: 'pokemon', limit: 5 });
    expect(requestOf(movers).params).toEqual({ category: 'pokemon', limit: '5' });
    // @ts-expect-error days is a number (the server's parsed type), not the raw query text
    soldQuery(api, { q: 'charizard', days: '90' });
    // @ts-expect-error category is one of the 19 categories
    floorQuery(api, { category: 'stamps' });
    // @ts-expect-error q is required by /v1/value
    valueQuery(api, {});
  });
});
