import type { MiddlewareHandler } from 'hono';
import { API_KEY_HEADER } from '../../contract/api-key';
import { EXPOSED_HEADERS } from './headers';

const ALLOW_METHODS = 'GET,HEAD,OPTIONS';
const ALLOW_HEADERS = [API_KEY_HEADER, 'content-type', 'x-request-id'].join(',');
const EXPOSE_HEADERS = EXPOSED_HEADERS.join(',');

/**
 * CORS for the API: any origin may call it with a key in x-api-key (no cookies are involved, so
 * `*` is safe); a preflight is answered here, before the key check, so it needs no key and spends
 * nothing. The headers are set on the final response, after the handler: touching the response
 * before it exists (as hono/cors does) makes Hono rebuild every answer through a stream, which cost
 * a third of the throughput of the keyed endpoints (docs/bench/http.md).
 */
export const apiCors: MiddlewareHandler = async (c, next) => {
  if (c.req.method === 'OPTIONS') {
    return c.body(null, 204, {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': ALLOW_METHODS,
      'Access-Control-Allow-Headers': ALLOW_HEADERS,
      'Access-Control-Max-Age': '86400',
    });
  }
  await next();
  c.res.headers.set('Access-Control-Allow-Origin', '*');
  c.res.headers.set('Access-Control-Expose-Headers', EXPOSE_HEADERS);
};
