/**
 * The "minimal keyed" reference of the HTTP bench (http.bench.ts): a bare `node:http` server that
 * does, per call, only what a keyed answer cannot go without, with the server's own parts, and
 * answers with the real server's recorded data. It tells whether the throughput target of issue 16
 * can be met by the work itself, whatever the framework and the request pipeline around it.
 *
 * Every request, as the real server: a request id, the server's headers (security-headers.ts) and
 * the one log line (request-log.ts, written to stdout as the real server writes it). A keyed path:
 * the key from `x-api-key` through the server's key cache (key-cache.ts), one call spent on the
 * server's usage meter (usage-meter.ts), the rate-limit and caching headers (keyed-headers.ts), the
 * envelope's head (envelope.ts) before the recorded `data`, gzipped behind that head for a client
 * that accepts it (gzip.ts). No router, no framework, no parameter check, no answer cache lookup,
 * no 304 check, no store health check, no rate limit (off in the bench's server too).
 *
 * Its meter writes the counts as the server's does, every FLUSH_EVERY calls (default the server's
 * 50, which bounds what a crash loses; `Infinity`: only on the meter's 1 s timer, to see what that
 * bound costs). The log line, paid by ping as well, can only bring a keyed call's ratio to ping
 * nearer 1: leaving it out would not raise this server's share.
 *
 * Usage: tsx e2e/bench/minimal-keyed-server.ts ANSWERS.json PORT STORE.db [FLUSH_EVERY]
 * (ANSWERS.json as bytes-only-server.ts reads it; STORE.db: the bench's store, whose keys it is
 * sent); prints "ready" on stderr (stdout is the request log).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { derivedComputation } from '../../src/server/analytics/derived/derived-computation';
import type { KeyRecord } from '../../src/server/auth/api-keys';
import { KeyCache } from '../../src/server/auth/key-cache';
import { envelopeHead } from '../../src/server/http/envelope';
import { GZIP_MIN_BYTES, type GzipTail, gzipTail, gzipWithHead } from '../../src/server/http/gzip';
import { KEYED_CACHE_CONTROL, KEYED_VARY, rateLimitHeaders } from '../../src/server/http/keyed-headers';
import { logRequest } from '../../src/server/http/request-log';
import { acceptsGzip, apiHeaders, type RequestState } from '../../src/server/http/respond';
import { createLogger } from '../../src/server/logging/logger';
import { openSqliteStore } from '../../src/server/store/sqlite/sqlite-store';
import { USAGE_FLUSH_EVERY, UsageMeter } from '../../src/server/store/sqlite/usage-meter';
import type { RecordedAnswer } from './bytes-only-server';

const [file, port, storePath, flushEvery = String(USAGE_FLUSH_EVERY)] = process.argv.slice(2);
if (!file || !port || !storePath) {
  console.error('usage: minimal-keyed-server.ts ANSWERS.json PORT STORE.db [FLUSH_EVERY]');
  process.exit(2);
}

interface Data {
  /** The recorded answer's `data` and the envelope's closing brace, as UTF-8 bytes. */
  tail: Buffer;
  tailText: string;
  etag: string;
  gzipped: GzipTail | undefined;
}

const DATA_KEY = ',"data":';
const data = new Map<string, Data>();
for (const [path, answer] of Object.entries(
  JSON.parse(readFileSync(file, 'utf8')) as Record<string, RecordedAnswer>,
)) {
  const text = Buffer.from(answer.body, 'base64').toString();
  const at = text.indexOf(DATA_KEY);
  const etag = answer.headers.find(([name]) => name === 'etag')?.[1];
  // Keyed 200 answers only (not their gzip recordings, not ping).
  if (answer.status !== 200 || at === -1 || etag === undefined || path.startsWith('gzip ')) continue;
  const tailText = text.slice(at + DATA_KEY.length);
  data.set(path, { tail: Buffer.from(tailText), tailText, etag, gzipped: undefined });
}

const store = openSqliteStore(storePath, { derive: derivedComputation });
const keys = new KeyCache(store.keys);
const usage = new UsageMeter(store.db, { flushEvery: Number(flushEvery) });
const logger = createLogger('info');

const send = (state: RequestState, response: ServerResponse, status: number, body: string) => {
  response.writeHead(status, apiHeaders(state.requestId, true, { 'content-length': String(body.length) }));
  response.end(body);
};

function answer(
  request: IncomingMessage,
  response: ServerResponse,
  state: RequestState,
  key: KeyRecord | null,
) {
  const found = data.get(request.url ?? '');
  if (key === null || found === undefined) return send(state, response, 404, '{"error":"not_found"}');
  const at = new Date();
  state.tier = key.tier;
  const spent = usage.trySpend(key, at);
  if (!spent.ok) return send(state, response, 429, '{"error":"quota_exceeded"}');
  const head = envelopeHead(key.tier, spent.remaining, at);
  const headers = rateLimitHeaders(key.tier, spent.remaining, at);
  headers['cache-control'] = KEYED_CACHE_CONTROL;
  headers.vary = KEYED_VARY;
  headers.etag = found.etag;
  const bytes = head.length + found.tail.length;
  if (bytes >= GZIP_MIN_BYTES && acceptsGzip(request.headers['accept-encoding'])) {
    found.gzipped ??= gzipTail(found.tailText);
    const body = gzipWithHead(head, found.gzipped);
    headers['content-encoding'] = 'gzip';
    headers['content-length'] = String(body.length);
    response.writeHead(200, apiHeaders(state.requestId, true, headers));
    response.end(body);
    return;
  }
  headers['content-length'] = String(bytes);
  response.writeHead(200, apiHeaders(state.requestId, true, headers));
  response.cork();
  response.write(head, 'latin1');
  response.end(found.tail);
}

createServer((request, response) => {
  const started = performance.now();
  const state: RequestState = { requestId: randomUUID(), incoming: undefined, outgoing: undefined };
  const path = (request.url ?? '').split('?')[0] as string;
  // The log line right after the answer is written, as the real server writes it (app.ts).
  const log = () => logRequest(logger, request.method ?? '', path, response.statusCode, state, started);
  if (path === '/v1/ping') {
    send(
      state,
      response,
      200,
      JSON.stringify({ ok: true, service: 'slab-terminal', ts: new Date().toISOString() }),
    );
    log();
    return;
  }
  const raw = request.headers['x-api-key'];
  const key = typeof raw === 'string' ? keys.find(raw, store.changes.read()) : null;
  // A key seen for the first time is read from the store (a promise), then kept.
  const reply = (found: KeyRecord | null) => {
    answer(request, response, state, found);
    log();
  };
  if (key instanceof Promise) void key.then(reply);
  else reply(key);
}).listen(Number(port), '127.0.0.1', () => console.error('ready'));

process.on('SIGTERM', () => {
  void usage.close().then(() => store.close().then(() => process.exit(0)));
});
