import type { Context } from 'hono';
import { API_PATHS, ENDPOINTS } from '../../contract/endpoints';
import { AnalyticsError } from '../analytics/analytics-error';
import { errorFields, type Logger } from '../logging/logger';
import { STORE_UNAVAILABLE_HINT, type StoreHealth } from '../store/store-health';
import { preflight } from './cors';
import type { createDashboardFiles } from './dashboard-files';
import { errorResponse, INTERNAL_ERROR_HINT, NOT_FOUND_HINT, unavailable } from './errors';
import { loggablePath } from './request-context';
import { API_PATH, type AppEnv } from './response';
import { DEMO_KEY_METHODS } from './service-routes';

/** The methods every known path answers: GET, HEAD (GET without the body), OPTIONS (CORS). */
const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/**
 * The answer to a thrown error: its own code for an analytics refusal, 503 for a store fault, else
 * a logged 500 that shows nothing of it.
 */
export function failureResponder(health: StoreHealth, logger: Logger) {
  return (c: Context<AppEnv>, error: unknown, headers?: Record<string, string>): Response => {
    if (error instanceof AnalyticsError) return errorResponse(c, error.code, error.hint, headers);
    if (health.isStoreFault(error))
      return unavailable(c, health.problem() ?? STORE_UNAVAILABLE_HINT, 5, headers);
    logger.error('internal_error', {
      request_id: c.get('request').requestId,
      path: loggablePath(c.req.path),
      ...errorFields(error),
    });
    return errorResponse(c, 'internal_error', INTERNAL_ERROR_HINT, headers);
  };
}

/** OPTIONS on any path: a CORS preflight on the API (no key, spends nothing), else a 404. */
export const preflightHandler = (c: Context<AppEnv>): Response =>
  API_PATH.test(c.req.path) ? preflight(c.get('request')) : errorResponse(c, 'not_found', NOT_FOUND_HINT);

/**
 * What no route answers: 405 on a known path asked with another method, 404 on the API, else the
 * dashboard (its files and pages).
 */
export function unmatchedHandler(demo: boolean, dashboard: ReturnType<typeof createDashboardFiles>) {
  const knownPaths = new Set(API_PATHS.filter((path) => demo || path !== ENDPOINTS.demoKey.path));
  return (c: Context<AppEnv>): Response | Promise<Response> => {
    const method = c.req.method;
    const path = c.req.path;
    if (method !== 'GET' && method !== 'HEAD') {
      const known = path.length > 1 ? path.replace(/\/+$/, '') : path;
      if (!knownPaths.has(known)) return errorResponse(c, 'not_found', NOT_FOUND_HINT);
      if (known === ENDPOINTS.demoKey.path) {
        return errorResponse(c, 'method_not_allowed', `${known} answers GET and OPTIONS only.`, {
          allow: DEMO_KEY_METHODS,
        });
      }
      return errorResponse(c, 'method_not_allowed', `${known} answers GET, HEAD and OPTIONS only.`, {
        allow: ALLOWED_METHODS,
      });
    }
    if (API_PATH.test(path)) return errorResponse(c, 'not_found', NOT_FOUND_HINT);
    return dashboard.fetch(c.req.raw, c.env, c.get('request'));
  };
}
