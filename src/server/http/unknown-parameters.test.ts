import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_LIST } from '../../contract/endpoints';
import { editDistance } from '../text/edit-distance';
import { nearestParameter, unknownParameterHint } from './parameters';
import {
  createSeededStore,
  createTestApp,
  keyedPathsOf,
  type SeededStore,
  type TestApp,
} from './testing/seeded-store';

let store: SeededStore;
let api: TestApp;
let key: string;
let requests: string[];

beforeAll(async () => {
  store = createSeededStore();
  api = createTestApp(store);
  key = await api.newKey('pro');
  requests = keyedPathsOf(store);
});

afterAll(() => store.cleanup());

/** A typo of a name, made by hand: its second letter dropped, or a short name's last letter doubled. */
const typo = (name: string) => (name.length >= 3 ? name[0] + name.slice(2) : name + name.slice(-1));

const remainingAfter = async (path: string): Promise<number> => {
  const response = await api.get(path, key);
  expect(response.status).toBe(200);
  return ((await response.json()) as { meta: { remaining: number } }).meta.remaining;
};

describe('nearestParameter', () => {
  it('counts an edit, a transposition and nothing alike', () => {
    expect(editDistance('grde', 'grade')).toBe(1);
    expect(editDistance('dyas', 'days')).toBe(1);
    expect(editDistance('as_of', 'grade')).toBe(5);
  });

  it('names the known parameter a typo resembles, or none', () => {
    const known = ['q', 'grade', 'min_price', 'max_price', 'key'];
    expect(nearestParameter('grde', known)).toBe('grade');
    expect(nearestParameter('GRADE', known)).toBe('grade');
    expect(nearestParameter('mn_price', known)).toBe('min_price');
    expect(nearestParameter('qq', known)).toBe('q');
    expect(nearestParameter('as_of', known)).toBeNull();
    expect(nearestParameter('cat', ['category', 'limit'])).toBe('category');
  });
});

describe('unknownParameterHint', () => {
  it('is a sentence each way: with a near name and without', () => {
    const known = ['q', 'grade', 'days', 'key'];
    expect(unknownParameterHint('/v1/sold', ['limit'], known)).toBe(
      '/v1/sold has no parameter "limit". It takes q, grade, days, key. An unknown parameter is refused so that a typo never changes an answer; this spent nothing.',
    );
    expect(unknownParameterHint('/v1/sold', ['q', 'grde'], known)).toMatch(
      /^\/v1\/sold has no parameter "grde": did you mean grade\? It takes q, grade, days, key\. /,
    );
    expect(unknownParameterHint('/v1/usage', ['x'], ['key'])).toMatch(
      /^\/v1\/usage has no parameter "x"\. It takes no parameter but key\. /,
    );
    expect(unknownParameterHint('/v1/sold', ['q', 'key'], known)).toBeNull();
  });
});

describe('strict parameters on every keyed operation of the registry', () => {
  const keyed = ENDPOINT_LIST.filter((endpoint) => endpoint.keyed);

  it('has keyed operations to check', () => {
    expect(keyed.length).toBeGreaterThanOrEqual(7);
  });

  for (const endpoint of keyed) {
    const names = Object.keys(endpoint.params?.shape ?? {});

    it(`${endpoint.path}: a typo of each parameter is 400 naming it and the one meant, and spends nothing`, async () => {
      const valid = requests.find((path) => path === endpoint.path || path.startsWith(`${endpoint.path}?`));
      const base = valid ?? endpoint.path;
      const join = base.includes('?') ? '&' : '?';
      const before = await remainingAfter(base);
      for (const name of names) {
        const wrong = typo(name);
        const response = await api.get(`${base}${join}${encodeURIComponent(wrong)}=1`, key);
        expect(response.status, `${endpoint.path} ${wrong}`).toBe(400);
        const body = (await response.json()) as { error: string; hint: string };
        expect(body.error).toBe('invalid_parameter');
        expect(body.hint).toContain(`"${wrong}"`);
        expect(body.hint).toContain(`did you mean ${name}?`);
      }
      const unlike = await api.get(`${base}${join}as_of=2026-01-01`, key);
      expect(unlike.status).toBe(400);
      const hint = ((await unlike.json()) as { hint: string }).hint;
      expect(hint).toContain('"as_of"');
      expect(hint).not.toContain('did you mean');
      // Only the two valid calls were spent (none on an account operation).
      expect(await remainingAfter(base)).toBe(endpoint.account ? before : before - 1);
    });
  }

  it('takes the key as a query parameter everywhere', async () => {
    for (const path of requests) {
      const join = path.includes('?') ? '&' : '?';
      const response = await api.get(`${path}${join}key=${key}`);
      expect([200, 404], path).toContain(response.status);
    }
  });

  it('the issue: /v3/value?grde=psa10 is refused, not answered with grade null', async () => {
    const response = await api.get('/v3/value?q=charizard+base+set&grde=psa10', key);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { hint: string }).hint).toContain('did you mean grade?');
  });
});

describe('keyless operations ignore unknown parameters', () => {
  for (const path of ['/v1/ping', '/v1', '/v1/openapi.json']) {
    it(path, async () => {
      expect((await api.get(`${path}?grde=psa10`)).status).toBe(200);
    });
  }
});
