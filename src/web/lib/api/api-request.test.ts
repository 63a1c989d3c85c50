import { describe, expect, it } from 'vitest';
import { absoluteRequestUrl, apiRequest, requestUrl } from './api-request';

describe('apiRequest', () => {
  it('drops empty params and sorts the rest, so equal requests share one cache key', () => {
    const a = apiRequest('https://api.test/', '/v1/index', {
      to: '2026-11-15',
      label: '',
      category: 'pokemon',
      from: undefined,
    });
    const b = apiRequest('https://api.test', '/v1/index', { category: 'pokemon', to: '2026-11-15' });
    expect(a).toEqual(b);
    expect(requestUrl(a)).toBe('https://api.test/v1/index?category=pokemon&to=2026-11-15');
  });

  it('keeps same-origin requests relative for fetch and absolute for people', () => {
    const request = apiRequest('', '/v1/sold', { q: 'charizard base', days: 30 });
    expect(requestUrl(request)).toBe('/v1/sold?days=30&q=charizard+base');
    expect(absoluteRequestUrl(request, 'http://127.0.0.1:8787')).toBe(
      'http://127.0.0.1:8787/v1/sold?days=30&q=charizard+base',
    );
  });
});
