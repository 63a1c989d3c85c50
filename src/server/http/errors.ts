import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import { ERROR_STATUS, type ErrorBody, type ErrorCode, MISSING_KEY_HINT } from '../../contract/errors';

/** An error the HTTP layer answers with `{error, hint}` and the code's status (decisions.md). */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly hint: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

export function errorResponse(
  c: Context,
  code: ErrorCode,
  hint: string,
  headers: Record<string, string> = {},
): Response {
  const body: ErrorBody = { error: code, hint };
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  return c.json(body, ERROR_STATUS[code] as ContentfulStatusCode);
}

export const missingKey = (c: Context) => errorResponse(c, 'missing_or_malformed_key', MISSING_KEY_HINT);

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
