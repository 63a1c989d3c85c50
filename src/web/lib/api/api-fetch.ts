import type { z } from 'zod';
import { API_KEY_HEADER } from '../../../contract/api-key';
import { ErrorBodySchema } from '../../../contract/errors';
import { MetaSchema } from '../../../contract/resources';
import { type QuotaObservation, recordQuota } from '../quota/quota-store';
import { ApiError, contractError } from './api-error';
import { type ApiRequest, requestUrl } from './api-request';
import { readRateLimit } from './rate-limit-headers';
import { keepAnswer, keptAnswer } from './revalidation';

/**
 * The one way the dashboard talks to the API:
 *   key -> request (x-api-key header, never the URL) -> zod parse with the contract -> typed value.
 * Side effect: every keyed answer updates the quota store from `meta` and the RateLimit headers.
 * A keyed URL asked before is asked with `If-None-Match` (revalidation.ts): an unchanged answer is a
 * 304 that spends no quota, and the body kept from the last 200 is returned.
 * Throws `ApiError` (http / contract / network); the only other rejection is the AbortError of a
 * request react-query cancelled itself, passed through untouched.
 */
export interface ApiFetchOptions<S extends z.ZodType> {
  request: ApiRequest;
  /** Required for keyed requests; ignored (not sent) for keyless ones. */
  apiKey: string | null;
  /** The contract's schema of the whole body, such as FloorResponseSchema. */
  schema: S;
  signal?: AbortSignal;
  /** Where quota observations go; the app's quota store by default (tests pass a spy). */
  onQuota?: (observation: QuotaObservation) => void;
}

export async function apiFetch<S extends z.ZodType>({
  request,
  apiKey,
  schema,
  signal,
  onQuota = recordQuota,
}: ApiFetchOptions<S>): Promise<z.output<S>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.keyed && apiKey) headers[API_KEY_HEADER] = apiKey;
  const url = requestUrl(request);
  const previous = request.keyed ? keptAnswer(url) : undefined;
  if (previous !== undefined) headers['if-none-match'] = previous.etag;

  let response: Response;
  try {
    // no-store: this layer revalidates itself (If-None-Match above). Left to the browser's cache, a
    // 304 would reach the page as a 200 with the stored body and its old `meta`: the quota meter
    // would read a stale `remaining` and count a free revalidation as a spent call.
    response = await fetch(url, { method: 'GET', headers, signal, cache: 'no-store' });
  } catch (error) {
    if (signal?.aborted) throw error; // react-query cancelled it; not a failure to show
    throw new ApiError({ kind: 'network', detail: networkDetail(error) });
  }

  const rateLimit = readRateLimit(response.headers);
  if (response.status === 304 && previous !== undefined) {
    // Unchanged since the last 200: nothing was spent; the RateLimit header says what is left.
    onQuota({ meta: null, rateLimit, spent: false });
    return previous.body as z.output<S>;
  }
  const body = await readJson(response);

  if (!response.ok) {
    if (request.keyed) onQuota({ meta: null, rateLimit, spent: false });
    throw httpError(response, body, rateLimit.retryAfterSeconds ?? rateLimit.resetSeconds);
  }

  const parsed = schema.safeParse(body.ok ? body.value : undefined);
  if (request.keyed) {
    const meta = MetaSchema.safeParse(body.ok ? (body.value as { meta?: unknown } | null)?.meta : null);
    onQuota({ meta: meta.success ? meta.data : null, rateLimit, spent: true });
  }
  if (!body.ok) throw new ApiError({ kind: 'contract', path: '(the whole body)', issue: 'not JSON' });
  if (!parsed.success) throw contractError(parsed.error);
  if (request.keyed) keepAnswer(url, response.headers.get('etag'), parsed.data);
  return parsed.data;
}

type JsonBody = { ok: true; value: unknown } | { ok: false };

async function readJson(response: Response): Promise<JsonBody> {
  try {
    return { ok: true, value: await response.json() };
  } catch {
    return { ok: false };
  }
}

function httpError(response: Response, body: JsonBody, resetSeconds: number | null): ApiError {
  const errorBody = ErrorBodySchema.safeParse(body.ok ? body.value : undefined);
  return new ApiError({
    kind: 'http',
    status: response.status,
    code: errorBody.success ? errorBody.data.error : `http_${response.status}`,
    hint: errorBody.success
      ? errorBody.data.hint
      : `The server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''} without an {error, hint} body. Check the base URL in Settings.`,
    resetAt: resetSeconds === null ? null : new Date(Date.now() + resetSeconds * 1000),
  });
}

/** fetch() rejects with a TypeError whose text varies by browser; keep it short and key-free. */
const networkDetail = (error: unknown): string =>
  error instanceof Error && error.message ? error.message.slice(0, 200) : 'no response';
