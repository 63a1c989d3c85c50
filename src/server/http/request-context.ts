import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { getPath } from 'hono/utils/url';
import type { Logger } from '../logging/logger';
import { logRequest, looksLikeKey } from './request-log';
import {
  API_PATH,
  type AppEnv,
  hasServerHeaders,
  type RequestState,
  requestHeader,
  withServerHeaders,
} from './response';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The first middleware of every request: its id (a sane `x-request-id` sent is kept, one that
 * holds a key is replaced: never echoed nor logged), whether it came over https through a trusted
 * proxy (SLAB_TRUST_PROXY), the server's headers on any answer that lacks them
 * (security-headers.ts), and one log line (request-log.ts).
 */
export function requestContext(options: { logger: Logger; trustProxy: boolean }): MiddlewareHandler<AppEnv> {
  const { logger, trustProxy } = options;
  return async (c, next) => {
    const started = performance.now();
    const sentId = requestHeader(c, 'x-request-id');
    const state: RequestState = {
      https: trustProxy && forwardedHttps(requestHeader(c, 'x-forwarded-proto')),
      requestId:
        sentId !== undefined && REQUEST_ID.test(sentId) && !looksLikeKey(sentId) ? sentId : randomUUID(),
    };
    c.set('request', state);
    await next();
    // The path as sent (c.req.path has lost a trailing slash: the router is not strict).
    const path = getPath(c.req.raw);
    if (!hasServerHeaders(c.res)) withServerHeaders(c.res, state, API_PATH.test(path));
    logRequest(logger, c.req.method, path, c.res.status, state, started);
  };
}

/**
 * Whether the proxy in front said the request came over https: the last `X-Forwarded-Proto` value,
 * the one the nearest proxy set.
 */
function forwardedHttps(sent: string | undefined): boolean {
  if (sent === undefined) return false;
  const last = sent.slice(sent.lastIndexOf(',') + 1);
  return last.trim().toLowerCase() === 'https';
}
