import { createServer } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, ENDPOINTS } from '../../contract/endpoints';
import { ErrorBodySchema, MISSING_KEY_HINT } from '../../contract/errors';
import { AnalyticsError } from '../analytics/analytics-error';
import { OPERATIONS, type OperationTable } from '../analytics/operations';
import { hashApiKey } from '../auth/api-keys';
import { answerClientErrors, HEADERS_TOO_LARGE_HINT, MALFORMED_REQUEST_HINT } from './client-errors';
import { rawGet } from './testing/raw-get';
import { createSeededStore, createTestApp, type SeededStore, type TestApp } from './testing/seeded-store';

/** Every error case of decisions.md, on a real seeded store: status, `{error, hint}`, headers. */
let store: SeededStore;
let api: TestApp;

beforeAll(async () => {
  store = createSeededStore();
  api = createTestApp(store);
});
afterAll(() => store.cleanup());

async function expectError(response: Response, status: number, error: string) {
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  expect(ErrorBodySchema.strict().parse(body)).toEqual(body);
  expect(body.error).toBe(error);
  expect(body.hint.length).toBeGreaterThan(10);
  expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  return body as { error: string; hint: string };
}

describe('401 missing_or_malformed_key', () => {
  const INACTIVE =
    /^Send a valid, active API key in the x-api-key header\..*well-formed.*not recognised.*revoked/;

  async function expect401(response: Response) {
    const body = await expectError(response, 401, 'missing_or_malformed_key');
    expect(response.headers.get('WWW-Authenticate')).toBe('ApiKey header="x-api-key"');
    return body;
  }

  it('no key or a malformed key: the hint gives the format and says to send x-api-key', async () => {
    for (const key of [undefined, 'nope', `slab_live_${'A'.repeat(48)}`, `slab_test_${'a'.repeat(48)}`]) {
      for (const response of [
        await api.get('/v1/floor', key),
        await api.request(key === undefined ? '/v1/sold?q=x' : `/v1/sold?q=x&key=${key}`),
      ]) {
        const body = await expect401(response);
        expect(body.hint).toBe(MISSING_KEY_HINT);
      }
    }
  });

  it('a well-formed key that is unknown: the hint says to send a valid, active key, and why this one is not', async () => {
    const wellFormedUnknown = `slab_live_${'ab'.repeat(24)}`;
    for (const response of [
      await api.get('/v1/floor', wellFormedUnknown),
      await api.request(`/v3/value?q=charizard&key=${wellFormedUnknown}`),
    ]) {
      const body = await expect401(response);
      expect(body.hint).toMatch(INACTIVE);
      expect(body.hint).not.toContain(wellFormedUnknown);
    }
  });

  it('a revoked key is refused at once, with the inactive-key hint and WWW-Authenticate', async () => {
    const made = await api.keys.create('free', 'to revoke');
    expect((await api.get('/v1/floor', made.key)).status).toBe(200);
    await api.keys.revoke(made.id);
    const body = await expect401(await api.get('/v1/floor', made.key));
    expect(body.hint).toMatch(INACTIVE);
  });

  it('a HEAD without a key is the same 401, WWW-Authenticate included', async () => {
    const response = await api.request('/v1/floor', { method: 'HEAD' });
    expect(response.status).toBe(401);
    expect(response.headers.get('WWW-Authenticate')).toBe('ApiKey header="x-api-key"');
    expect(await response.text()).toBe('');
  });

  it('the header wins over the key query parameter', async () => {
    const good = await api.newKey('free');
    const viaQuery = await api.request(`/v1/floor?key=${good}`);
    expect(viaQuery.status).toBe(200);
    const headerWins = await api.request(`/v1/floor?key=${good}`, { headers: { 'x-api-key': 'bad' } });
    const body = await expectError(headerWins, 401, 'missing_or_malformed_key');
    expect(body.hint).toBe(MISSING_KEY_HINT);
    const goodHeader = await api.request('/v1/floor?key=bad', { headers: { 'x-api-key': good } });
    expect(goodHeader.status).toBe(200);
  });

  it('only the SHA-256 hash of a key is stored', async () => {
    const made = await api.keys.create('pro', 'hash check');
    const row = store.db.prepare('SELECT * FROM api_keys WHERE id = ?').get(made.id) as Record<
      string,
      unknown
    >;
    expect(row.key_hash).toBe(hashApiKey(made.key));
    expect(JSON.stringify(row)).not.toContain(made.key.slice('slab_live_'.length));
  });
});

describe('400 invalid_parameter: the hint names the parameter and what is allowed; no quota spent', () => {
  const cases: [string, RegExp][] = [
    ['/v1/floor?category=cars', /category must be one of: baseball, .*yugioh/],
    ['/v1/categories?category=POKEMON', /category must be one of/],
    ['/v1/sold', /q is required/],
    ['/v1/sold?q=%20%20', /Send q as 1 to 12 words/],
    [`/v1/sold?q=${'a '.repeat(13)}`, /1 to 12 words/],
    [`/v1/sold?q=${'x'.repeat(201)}`, /at most 200 characters/],
    ['/v1/sold?q=charizard&days=0', /days must be a whole number from 1 to 365/],
    ['/v1/sold?q=charizard&days=366', /days must be a whole number from 1 to 365/],
    ['/v1/sold?q=charizard&days=2.5', /days must be a whole number/],
    ['/v1/sold?q=charizard&grade=PSA%2011', /grade "PSA 11" is not a grade/],
    ['/v1/sold?q=charizard&grade=XYZ%2010', /not a grade/],
    ['/v1/movers?limit=101', /limit must be a whole number from 1 to 100/],
    ['/v1/movers?limit=-1', /limit must be a whole number/],
    ['/v1/index?from=2026-13-01', /from must be a date as YYYY-MM-DD/],
    ['/v1/index?from=2026-07-01&to=2026-06-01', /from must be on or before to/],
    ['/v1/index?label=', /label must not be empty/],
    ['/v1/value?q=charizard&min_price=-5', /min_price must be a non-negative number/],
    ['/v1/value?q=charizard&min_price=10&max_price=5', /min_price must not be above max_price/],
    ['/v3/value?q=charizard&max_price=abc', /max_price must be a non-negative number/],
    ['/v1/movers?limit=5&limit=6', /limit was sent 2 times: send it once/],
    ['/v1/sold?q=a&q=b', /q was sent 2 times/],
    ['/v1/sold?q=charizard&category=cars', /category must be one of/],
    ['/v1/cards?q=charizard&limit=0', /limit must be a whole number from 1 to 100/],
    ['/v1/cards?q=charizard&limit=101', /limit must be a whole number from 1 to 100/],
    ['/v1/history?q=charizard&interval=day', /interval must be week or month/],
    ['/v1/history?q=charizard&from=2026-07-02&to=2026-07-01', /from must be on or before to/],
    ['/v1/history?q=charizard&from=2023-01-01&to=2026-01-01', /at most 1096 days/],
    ['/v1/history?q=charizard&from=2020-01-01', /at most 1096 days/],
    ['/v1/value?q=charizard&label=%20', /label must not be empty/],
  ];
  it.each(cases)('%s', async (path, hint) => {
    const key = await api.newKey('free');
    const response = await api.get(path, key);
    const body = await expectError(response, 400, 'invalid_parameter');
    expect(body.hint).toMatch(hint);
    expect(response.headers.get('RateLimit')).toMatch(/^"monthly";r=1000;/);
    expect(await api.usage.remaining((await api.keys.findActive(key))!, new Date())).toBe(1000);
  });

  it('unknown parameters are refused, naming the first and spending nothing', async () => {
    const key = await api.newKey('free');
    const response = await api.get('/v1/floor?colour=red&key2=x', key);
    const body = await expectError(response, 400, 'invalid_parameter');
    expect(body.hint).toContain('"colour"');
    const ok = await (await api.get('/v1/floor', key)).json();
    expect(ok.meta.remaining).toBe(999);
  });
});

describe('404', () => {
  it('no_match: a q that matches no card, with a hint naming the words no title holds; spends no quota', async () => {
    const key = await api.newKey('free');
    for (const path of [
      '/v1/sold?q=zzqx%20nonexistent%20card',
      '/v1/value?q=zzqx%20qqzz',
      '/v3/value?q=charizard%20zzqx',
      '/v1/cards?q=charizard%20zzqx',
      '/v1/history?q=charizard%20zzqx',
    ]) {
      const response = await api.get(path, key);
      const body = await expectError(response, 404, 'no_match');
      expect(body.hint).toMatch(/"zzqx" is in no card title/);
      expect(response.headers.get('RateLimit')).toMatch(/^"monthly";r=1000;/);
    }
    const ok = await (await api.get('/v1/floor', key)).json();
    expect(ok.meta.remaining).toBe(999);
  });

  it('not_found: an unknown API path, whatever the method, even with a key', async () => {
    await expectError(await api.get('/v1/nothing-here'), 404, 'not_found');
    await expectError(await api.get('/v2/value?q=x', await api.newKey()), 404, 'not_found');
    await expectError(await api.request('/v1/nothing-here', { method: 'POST' }), 404, 'not_found');
  });
});

describe('405 method_not_allowed', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
    '%s on known paths: Allow: GET, HEAD, OPTIONS',
    async (method) => {
      // Demo mode is off in this app: /v1/demo-key is none of its paths.
      const paths = API_PATHS.filter((path) => path !== ENDPOINTS.demoKey.path);
      for (const path of [...paths, '/v1/floor/']) {
        const response = await api.request(path, { method });
        const body = await expectError(response, 405, 'method_not_allowed');
        expect(response.headers.get('Allow')).toBe('GET, HEAD, OPTIONS');
        expect(body.hint).toMatch(/answers GET, HEAD and OPTIONS only/);
      }
    },
  );

  it('the methods Allow names are answered on those paths, not refused', async () => {
    const key = await api.newKey();
    for (const method of ['GET', 'HEAD']) {
      expect((await api.request('/v1/floor', { method, headers: { 'x-api-key': key } })).status).toBe(200);
    }
    const preflight = await api.request('/v1/floor', {
      method: 'OPTIONS',
      headers: { Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(204);
  });

  it('an unknown path is 404 whatever the method, without Allow', async () => {
    const response = await api.request('/v1/nothing-here', { method: 'DELETE' });
    await expectError(response, 404, 'not_found');
    expect(response.headers.get('Allow')).toBeNull();
  });
});

describe('429 quota_exceeded', () => {
  it('a spent quota: the hint names the reset date, Retry-After counts the seconds to it', async () => {
    const made = await api.keys.create('free', 'spent');
    const month = new Date().toISOString().slice(0, 7);
    store.db.prepare('INSERT INTO key_usage (key_id, month, used) VALUES (?, ?, 1000)').run(made.id, month);
    const response = await api.get('/v1/floor', made.key);
    const body = await expectError(response, 429, 'quota_exceeded');
    const now = new Date();
    const reset = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    expect(body.hint).toContain(reset.toISOString().slice(0, 10));
    const retryAfter = Number(response.headers.get('Retry-After'));
    expect(Math.abs(retryAfter - (reset.getTime() - now.getTime()) / 1000)).toBeLessThan(5);
    expect(response.headers.get('RateLimit')).toMatch(/^"monthly";r=0;t=\d+$/);
  });
});

describe('500 internal_error', () => {
  it('a failure inside the analytics: no stack, no SQL, no key in the body or the log', async () => {
    const failing: OperationTable = {
      ...OPERATIONS,
      floor: () => {
        throw new Error(
          'SqliteError: near "SELEC": syntax error in SELECT price FROM sales WHERE source_id = ?',
        );
      },
    };
    const broken = createTestApp(store, { operations: failing });
    const key = await broken.newKey();
    const response = await broken.get('/v1/floor', key);
    const body = await expectError(response, 500, 'internal_error');
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/SELEC|sales|at .*\.ts|Error:/);
    const log = broken.logLines.join('');
    expect(log).toContain(response.headers.get('x-request-id'));
    expect(log).not.toMatch(/SELEC|source_id|\.ts:\d+/);
    expect(log).not.toContain(key);
    // a failed call spends nothing
    const ok = await (await broken.get('/v1/categories', key)).json();
    expect(ok.meta.remaining).toBe(999_999);
  });

  it('an AnalyticsError invalid_parameter from the store is a 400 with its hint', async () => {
    const refusing = createTestApp(store, {
      operations: {
        ...OPERATIONS,
        index: () => {
          throw new AnalyticsError('invalid_parameter', 'label "x" is not a label of pokemon.');
        },
      },
    });
    const body = await expectError(
      await refusing.get('/v1/index?label=x', await refusing.newKey()),
      400,
      'invalid_parameter',
    );
    expect(body.hint).toBe('label "x" is not a label of pokemon.');
  });
});

describe('request ids and the log', () => {
  it('every response carries x-request-id; a sane incoming one is kept; log lines are JSON with it and never a key', async () => {
    const key = await api.newKey();
    const kept = await api.get('/v1/floor', key, { 'x-request-id': 'trace-123' });
    expect(kept.headers.get('x-request-id')).toBe('trace-123');
    const replaced = await api.get('/v1/ping', undefined, { 'x-request-id': 'bad id with spaces' });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await api.request(`/v1/floor?key=${key}&category=pokemon`);
    await api.request(`/v1/${key}`); // a key pasted into the path is masked in the log
    const lines = api.logLines.map((line) => JSON.parse(line));
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) {
      expect(typeof line.request_id).toBe('string');
      expect(line.level).toMatch(/^(info|error|debug)$/);
    }
    expect(lines.some((line) => line.request_id === 'trace-123' && line.status === 200)).toBe(true);
    expect(api.logLines.join('')).not.toMatch(/slab_live_/);
  });
});

describe('a key is never logged nor echoed (issue 29)', () => {
  it('a request id that holds a key is replaced, in the answer and in the log', async () => {
    const key = await api.newKey();
    const hex = key.slice('slab_live_'.length);
    for (const id of [key, hex, `trace-${hex}`, `slab_live_${hex.slice(0, 20)}:${hex.slice(20)}`]) {
      const response = await api.get('/v1/floor', key, { 'x-request-id': id });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
    const log = api.logLines.join('\n');
    expect(log).not.toContain(hex.slice(0, 20));
    expect(log).not.toContain(hex.slice(20));
  });

  it('a key in the path, whole or split by /, %2F or %00, is masked in the log', async () => {
    const key = await api.newKey();
    const hex = key.slice('slab_live_'.length);
    const thirds = [hex.slice(0, 16), hex.slice(16, 32), hex.slice(32)];
    const paths = [
      `/v1/${key}`,
      `/v1/${thirds.join('/')}`,
      `/v1/${thirds.join('%2F')}`,
      `/v1/${thirds.join('%00')}`,
      `/v1/slab_live_/${thirds.join('/')}`,
      `/${hex.toUpperCase()}`,
    ];
    const before = api.logLines.length;
    for (const path of paths) expect((await api.request(path)).status, path).toBe(404);
    const lines = api.logLines.slice(before).map((line) => JSON.parse(line));
    expect(lines).toHaveLength(paths.length);
    for (const line of lines) {
      expect(line.path).toContain('[key masked]');
      for (const third of thirds) expect(line.path.toLowerCase()).not.toContain(third);
    }
    // an ordinary path is logged as it is
    await api.request('/v1/floor/');
    expect(JSON.parse(api.logLines.at(-1) as string).path).toBe('/v1/floor/');
  });
});

describe('the key query parameter', () => {
  const remainingNow = async (key: string) => (await (await api.get('/v1/floor', key)).json()).meta.remaining;

  it('sent twice is a 400 invalid_parameter like any repeated parameter, and spends nothing', async () => {
    const key = await api.newKey('free');
    for (const query of [
      `key=${key}&key=${key}`,
      `key=${key}&key=nope`,
      `key=nope&key=${key}`,
      `key=${key}&k%65y=${key}`,
      `category=pokemon&%6B%65%79=${key}&key=${key}&key=${key}`,
    ]) {
      const response = await api.request(`/v1/floor?${query}`);
      const body = await expectError(response, 400, 'invalid_parameter');
      expect(body.hint).toMatch(/^key was sent [23] times: send it once/);
      expect(body.hint).not.toContain(key);
      expect(response.headers.get('RateLimit')).toBeNull(); // no key was accepted
    }
    // with a header key, which wins: still a 400 (with that key's rate-limit headers), still free
    const withHeader = await api.request(`/v1/floor?key=${key}&key=${key}`, {
      headers: { 'x-api-key': key },
    });
    expect((await expectError(withHeader, 400, 'invalid_parameter')).hint).toMatch(/^key was sent 2 times/);
    expect(withHeader.headers.get('RateLimit')).toMatch(/^"monthly";r=1000;/);
    // a HEAD is refused the same way
    expect((await api.request(`/v1/floor?key=${key}&key=${key}`, { method: 'HEAD' })).status).toBe(400);
    expect(await remainingNow(key)).toBe(999);
  });

  it('a bad header still wins over a repeated key parameter: 401', async () => {
    const key = await api.newKey('free');
    const response = await api.request(`/v1/floor?key=${key}&key=${key}`, {
      headers: { 'x-api-key': 'bad' },
    });
    await expectError(response, 401, 'missing_or_malformed_key');
  });

  it('a percent-encoded name is read the same for the key and the parameters', async () => {
    const key = await api.newKey('free');
    const plain = await api.request(`/v1/sold?q=charizard&days=90&key=${key}`);
    expect(plain.status).toBe(200);
    const plainData = (await plain.json()).data;
    let remaining = 999;
    for (const query of [
      `q=charizard&days=90&k%65y=${key}`,
      `%71=charizard&d%61ys=90&%6B%65%79=${key}`,
      `%71=charizard&d%61ys=90&%6B%65%79=${key}`, // the same text again (the memo must not answer it without the key)
    ]) {
      const response = await api.request(`/v1/sold?${query}`);
      expect(response.status, query).toBe(200);
      const body = await response.json();
      expect(body.data).toEqual(plainData);
      expect(body.meta.remaining).toBe(--remaining); // spent on that key
    }
    // the same rule refuses alike: an encoded parameter fails its schema as the plain one does
    for (const [encoded, plainText] of [
      ['/v1/sold?q%75ery=charizard', '/v1/sold?query=charizard'],
      ['/v1/sold?%71=charizard&d%61ys=0', '/v1/sold?q=charizard&days=0'],
      ['/v1/sold?%71=a&q=b', '/v1/sold?q=a&q=b'],
    ] as const) {
      const [a, b] = [await api.get(encoded, key), await api.get(plainText, key)];
      expect([a.status, await a.json()]).toEqual([b.status, await b.json()]);
    }
  });
});

describe('a key pasted into a path is masked in the request log', () => {
  it('with or without the slab_live_ prefix, in any case, encoded, or cut by the 200-character limit', async () => {
    const logged = createTestApp(store);
    const key = await logged.newKey('free');
    const hex = key.slice('slab_live_'.length);
    const paths = [
      `/v1/${key}`,
      `/v1/${hex}`,
      `/v1/floor/${hex}`,
      `/${hex}`,
      `/assets/${hex.toUpperCase()}.js`,
      `/v1/x${hex}y`,
      `/v1/%${hex.charCodeAt(0).toString(16)}${hex.slice(1)}`,
      `/v1/${'x/'.repeat(92)}${hex}`,
      `/SLAB_LIVE_${hex.toUpperCase()}`,
    ];
    for (const path of paths)
      await logged.request(path, { method: path.startsWith('/v1/x') ? 'POST' : 'GET' });
    const lines = logged.logLines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'request');
    expect(lines).toHaveLength(paths.length);
    for (const line of lines) {
      expect(line.path, JSON.stringify(line)).toContain('[key masked]');
      expect(line.path.length).toBeLessThanOrEqual(200);
    }
    const log = logged.logLines.join('\n');
    expect(log).not.toMatch(/[0-9a-f]{16}/i);
    expect(log).not.toMatch(/slab_live_/i);
    // a path without a key is logged as it is (47 hex characters; runs join across separators, so
    // the 1 of /v1/ would make 48: floor/ ends the run)
    await logged.request(`/v1/floor/${hex.slice(0, 47)}`);
    expect(JSON.parse(logged.logLines.at(-1) as string).path).toBe(`/v1/floor/${hex.slice(0, 47)}`);
  });

  it('a key in the query of a failing call is not logged either (the log holds no query)', async () => {
    const broken = createTestApp(store, {
      operations: {
        ...OPERATIONS,
        floor: () => {
          throw new Error('boom');
        },
      },
    });
    const key = await broken.newKey();
    const hex = key.slice('slab_live_'.length);
    expect((await broken.request(`/v1/floor/?key=${key}`)).status).toBe(500);
    expect(broken.logLines.join('')).not.toContain(hex);
  });
});

describe('requests Node rejects, malformed encoding, HSTS (issue 29)', () => {
  it('a 100 kB query is a 431 with {error, hint}, and a malformed request line a 400 with one', async () => {
    const server = createServer(getRequestListener(api.fetch));
    answerClientErrors(server);
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    try {
      const port = (server.address() as AddressInfo).port;
      const long = await rawGet(`http://127.0.0.1:${port}/v1/value?q=${'a'.repeat(100_000)}`, {});
      expect(long.status).toBe(431);
      expect(long.headers['content-type']).toBe('application/json');
      expect(JSON.parse(long.body.toString('utf8'))).toEqual({
        error: 'invalid_parameter',
        hint: HEADERS_TOO_LARGE_HINT,
      });
      const raw = await new Promise<string>((done, fail) => {
        const socket = connect(port, '127.0.0.1', () =>
          socket.write('GET /v1/floor HTTP/1.1\r\nHost x\r\n\r\n'),
        );
        let text = '';
        socket.on('data', (chunk) => {
          text += chunk.toString('utf8');
        });
        socket.on('end', () => done(text));
        socket.on('error', fail);
      });
      expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
        error: 'invalid_parameter',
        hint: MALFORMED_REQUEST_HINT,
      });
    } finally {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
  });

  it('q=%ff (not UTF-8) is a 400 invalid_parameter naming q, spending nothing; %25ff is the text %ff', async () => {
    const key = await api.newKey('free');
    for (const query of ['q=%ff', 'q=charizard%e9', 'q=%zz', 'q=ok&grade=%c3']) {
      const response = await api.get(`/v1/value?${query}`, key);
      const body = await expectError(response, 400, 'invalid_parameter');
      expect(body.hint).toMatch(query.startsWith('q=ok') ? /^grade: / : /^q: /);
      expect(body.hint).toMatch(/not valid percent-encoded UTF-8/);
    }
    const text = await api.get('/v1/value?q=%25ff', key);
    expect(text.status).toBe(404); // a text no title holds, well encoded
    expect((await (await api.get('/v1/floor', key)).json()).meta.remaining).toBe(999);
  });

  it('HSTS only when SLAB_TRUST_PROXY is on and the proxy says https', async () => {
    const config = (trust: boolean) => ({
      SLAB_DEMO: false,
      SLAB_WEB_DIST: '/nonexistent',
      SLAB_TRUST_PROXY: trust,
    });
    const trusted = createTestApp(store, { config: config(true) });
    const untrusted = createTestApp(store, { config: config(false) });
    const hsts = async (app: TestApp, proto?: string) =>
      (
        await app.get('/v1/ping', undefined, proto === undefined ? {} : { 'x-forwarded-proto': proto })
      ).headers.get('strict-transport-security');
    expect(await hsts(trusted, 'https')).toBe('max-age=31536000');
    expect(await hsts(trusted, 'http, https')).toBe('max-age=31536000');
    expect(await hsts(trusted, 'https, http')).toBeNull();
    expect(await hsts(trusted, 'http')).toBeNull();
    expect(await hsts(trusted)).toBeNull();
    expect(await hsts(untrusted, 'https')).toBeNull();
    // errors and keyed answers carry it too
    const key = await trusted.newKey();
    const keyed = await trusted.get('/v1/floor', key, { 'x-forwarded-proto': 'https' });
    expect(keyed.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const missing = await trusted.get('/v1/floor', undefined, { 'x-forwarded-proto': 'https' });
    expect(missing.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });
});
