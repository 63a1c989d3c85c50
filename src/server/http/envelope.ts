import type { Context } from 'hono';
import { DIRECT_MIN_BYTES, directJson } from './direct-write';
import { GZIP_MIN_BYTES, gzipWithHead } from './gzip';
import { type AppEnv, apiJson, wantsGzip } from './respond';
import type { CachedJson, ResponseCache } from './response-cache';

/**
 * The envelope of every keyed answer, `{"meta":{...},"data":...}` (spec, "Envelope"), written in
 * two parts: the head (`{"meta":...,"data":`), made on each call, and the tail (the cached `data`
 * and the closing brace), made once per cached answer (response-cache.ts keeps it as UTF-8 bytes
 * and deflated). This file is the only place that knows the envelope's text.
 */

/** The per-call head: `meta` is ASCII (a tier, numbers, an ISO date), so its length is its byte length. */
export const envelopeHead = (tier: string, remaining: number, at: Date): string =>
  `{"meta":{"tier":"${tier}","remaining":${remaining},"generated":"${at.toISOString()}"},"data":`;

/** The cached part: the serialized `data`, then the envelope's closing brace. */
export const envelopeTail = (json: string): string => `${json}}`;

/**
 * The 200 answer: the head and the cached data, gzipped for a client that accepts it (the cached
 * data deflated once behind this call's head, gzip.ts), written straight to the socket when large
 * (direct-write.ts), else a plain body. `headers` are the keyed answer's own (rate limits, caching).
 */
export function envelopeAnswer(
  c: Context<AppEnv>,
  cache: ResponseCache,
  head: string,
  data: CachedJson,
  headers: Record<string, string>,
  directMinBytes = DIRECT_MIN_BYTES,
): Response {
  const state = c.env;
  // The length is known without measuring: the head is ASCII and the cache knows the data's bytes.
  const bytes = head.length + data.bytes + 1;
  if (bytes >= GZIP_MIN_BYTES && wantsGzip(c)) {
    const body = gzipWithHead(head, cache.gzipped(data));
    headers['content-encoding'] = 'gzip';
    headers['content-length'] = String(body.length);
    return apiJson(state, 200, body as Uint8Array<ArrayBuffer>, headers);
  }
  headers['content-length'] = String(bytes);
  const text = head + envelopeTail(data.json);
  if (state.outgoing === undefined || bytes < directMinBytes) return apiJson(state, 200, text, headers);
  return directJson(state, head, cache.encoded(data), text, headers);
}
