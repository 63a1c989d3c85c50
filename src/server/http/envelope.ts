import { ServerResponse } from 'node:http';
import type { Context } from 'hono';
import { DIRECT_MIN_BYTES, directJson } from './direct-write';
import { GZIP_MIN_BYTES, gzipTail, gzipWithHead } from './gzip';
import { type AppEnv, apiJson, wantsGzip } from './response';
import type { CachedJson, ResponseCache } from './response-cache';

/**
 * The envelope of every keyed answer, `{"meta":{...},"data":...}` (spec, "Envelope"), written in
 * two parts: the head (`{"meta":...,"data":`), made on each call, and the tail (the cached `data`
 * and the closing brace), made once per cached answer and kept with it by the response cache, as
 * UTF-8 bytes and deflated. This file is the only place that knows the envelope's text.
 */

/** The per-call head: `meta` is ASCII (a tier, numbers, an ISO date), so its length is its byte length. */
export const envelopeHead = (tier: string, remaining: number, at: Date): string =>
  `{"meta":{"tier":"${tier}","remaining":${remaining},"generated":"${at.toISOString()}"},"data":`;

/** The cached part: the serialized `data`, then the envelope's closing brace. */
const envelopeTail = (json: string): string => `${json}}`;

/**
 * The 200 answer: the head then the cached tail's bytes, gzipped for a client that accepts it (the
 * tail deflated once, behind this call's head: gzip.ts). `headers` are the keyed answer's own
 * (rate limits, caching).
 */
export function envelopeAnswer(
  c: Context<AppEnv>,
  cache: ResponseCache,
  head: string,
  data: CachedJson,
  headers: Record<string, string>,
  directMinBytes = DIRECT_MIN_BYTES,
): Response {
  if (head.length + data.bytes + 1 >= GZIP_MIN_BYTES && wantsGzip(c)) {
    const body = gzipWithHead(
      head,
      cache.kept(
        data,
        'gzip',
        () => gzipTail(envelopeTail(data.json)),
        (tail) => tail.deflated.length,
      ),
    );
    headers['content-encoding'] = 'gzip';
    headers['content-length'] = String(body.length);
    return apiJson(c.get('request'), 200, body as Uint8Array<ArrayBuffer>, headers);
  }
  // The head is ASCII and the cache knows the data's UTF-8 length: no measuring.
  headers['content-length'] = String(head.length + data.bytes + 1);
  const text = head + envelopeTail(data.json);
  if (data.bytes < directMinBytes || !(c.env?.outgoing instanceof ServerResponse))
    return apiJson(c.get('request'), 200, text, headers);
  const tail = cache.kept(
    data,
    'utf8',
    () => Buffer.from(envelopeTail(data.json)),
    (bytes) => bytes.length,
  );
  return directJson(c.get('request'), head, tail, text, headers);
}
