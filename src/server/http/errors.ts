import type { Context } from 'hono';
import type { ZodError } from 'zod';
import { API_KEY_HEADER, isWellFormedApiKey } from '../../contract/api-key';
import { ERROR_STATUS, type ErrorBody, type ErrorCode, MISSING_KEY_HINT } from '../../contract/errors';
import { API_PATH, type AppEnv, apiJson, siteResponse } from './response';

/** The `{error, hint}` answer of an error code, with its status (CORS too on API paths). */
export function errorResponse(
  c: Context<AppEnv>,
  code: ErrorCode,
  hint: string,
  headers?: Record<string, string>,
): Response {
  const body: ErrorBody = { error: code, hint };
  const json = JSON.stringify(body);
  return API_PATH.test(c.req.path)
    ? apiJson(c.get('request'), ERROR_STATUS[code], json, headers)
    : siteResponse(c.get('request'), ERROR_STATUS[code], json, 'application/json', headers);
}

/** The hint of a 401 for a well-formed key that is not an active key (unknown, or revoked). */
export const INACTIVE_KEY_HINT =
  'Send a valid, active API key in the x-api-key header. This key is well-formed but is not recognised, or has been revoked: ask for a new key.';

/** RFC 9110 (11.6.1): a 401 names the scheme it wants; here, a key in the x-api-key header. */
export const WWW_AUTHENTICATE = `ApiKey header="${API_KEY_HEADER}"`;
const UNAUTHORIZED_HEADERS: Readonly<Record<string, string>> = { 'www-authenticate': WWW_AUTHENTICATE };

/**
 * The 401 for a request without an active key. `sent` is the key as sent, if any: a missing or
 * malformed one gets the contract's hint (the format), a well-formed one that is unknown or
 * revoked a hint that says so.
 */
export const missingKey = (c: Context<AppEnv>, sent?: string) =>
  errorResponse(
    c,
    'missing_or_malformed_key',
    sent !== undefined && isWellFormedApiKey(sent) ? INACTIVE_KEY_HINT : MISSING_KEY_HINT,
    UNAUTHORIZED_HEADERS as Record<string, string>,
  );

/** The 401 for a demo key past its expiry (decisions.md, "Demo keys"). */
export const expiredKey = (c: Context<AppEnv>, expiresAtMs: number) =>
  errorResponse(
    c,
    'missing_or_malformed_key',
    `This demo key expired on ${new Date(expiresAtMs).toISOString().slice(0, 16).replace('T', ' ')} UTC (demo keys last 7 days). Mint a new one at GET /v1/demo-key, or ask for a key of your own.`,
    UNAUTHORIZED_HEADERS as Record<string, string>,
  );

/** A 503 `unavailable`: the store cannot be reached (store-health.ts); nothing was spent. */
export const unavailable = (
  c: Context<AppEnv>,
  hint: string,
  retryAfter: number,
  headers?: Record<string, string>,
) => errorResponse(c, 'unavailable', hint, { ...headers, 'retry-after': String(retryAfter) });

export const NOT_FOUND_HINT =
  'No such endpoint. GET /v1 lists the endpoints; GET /v1/openapi.json describes them.';

export const INTERNAL_ERROR_HINT =
  'The server failed to answer this request. Try again; if it keeps failing, report the x-request-id header of the response.';

/**
 * The hint of a 400 for a query that failed its schema: the first issue's message (the contract's
 * messages name the parameter and what is allowed), prefixed with the parameter's name where the
 * message does not name it. A parameter sent more than once is named as such.
 */
export function validationHint(error: ZodError, queries: Record<string, string[]>): string {
  const issue = error.issues[0];
  if (!issue) return 'The query parameters are invalid.';
  const param = typeof issue.path[0] === 'string' ? issue.path[0] : undefined;
  if (param === undefined) return issue.message;
  const sent = queries[param]?.length ?? 0;
  if (sent > 1) return `${param} was sent ${sent} times: send it once.`;
  const namesParam = new RegExp(`(^|[^a-z_])${param}([^a-z_]|$)`).test(issue.message);
  return namesParam ? issue.message : `${param}: ${issue.message}`;
}
