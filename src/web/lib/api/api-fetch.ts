import type { z } from 'zod';
import { API_KEY_HEADER } from '../../../contract/api-key';
import { type QuotaObservation, recordQuota } from '../quota/quota-store';
import { ApiError, contractError } from './api-error';
import { type ApiRequest, requestUrl } from './api-request';
import type { ContractSchemas } from './contract-schemas';
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
 *
 * Each call starts in a task of its own (after a setTimeout 0), not in its caller's.
 * The schemas (and zod with them) are loaded with the first call, while its request is under way
 * (contract-schemas.ts), so the first paint carries neither; `schema` picks the answer's schema from
 * them (or returns a page's own schema).
 */
export interface ApiFetchOptions<S extends z.ZodType> {
  request: ApiRequest;
  /** Required for keyed requests; ignored (not sent) for keyless ones. */
  apiKey: string | null;
  /** The schema of the whole body: `(schemas) => schemas.FloorResponseSchema`. */
  schema: (schemas: ContractSchemas) => S;
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
  // A task of its own: react-query starts a page's queries together, in the effects React runs
  // after a commit (one task, the whole page's), and each request's work (its headers, the
  // browser's fetch, the contract's import) would otherwise lengthen that task. An abort meanwhile
  // reaches fetch, which throws it below.
  await nextTask();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.keyed && apiKey) headers[API_KEY_HEADER] = apiKey;
  const url = requestUrl(request);
  const previous = request.keyed ? keptAnswer(url) : undefined;
  if (previous !== undefined) headers['if-none-match'] = previous.etag;
  const loading = loadContractSchemas();
  // Settled here if the request fails first; awaited below.
  loading.catch(() => undefined);

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
  const schemas = await loading;

  if (!response.ok) {
    if (request.keyed) onQuota({ meta: null, rateLimit, spent: false });
    throw httpError(schemas, response, body, rateLimit.retryAfterSeconds ?? rateLimit.resetSeconds);
  }

  const parsed = schema(schemas).safeParse(body.ok ? body.value : undefined);
  if (request.keyed) {
    const meta = schemas.MetaSchema.safeParse(
      body.ok ? (body.value as { meta?: unknown } | null)?.meta : null,
    );
    onQuota({ meta: meta.success ? meta.data : null, rateLimit, spent: true });
  }
  if (!body.ok) throw new ApiError({ kind: 'contract', path: '(the whole body)', issue: 'not JSON' });
  if (!parsed.success) throw contractError(parsed.error);
  if (request.keyed) keepAnswer(url, response.headers.get('etag'), parsed.data);
  return parsed.data;
}

let schemasLoad: Promise<ContractSchemas> | null = null;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The contract's schemas, imported once. A failed import (the server went away, a deploy replaced
 * the files) is a network problem, retried like one; the next call imports again. Three tasks, not
 * one long one: classic zod with the error body's schema (the contract's smallest module), then the
 * resources' schemas, then the first parse with them.
 */
export function loadContractSchemas(): Promise<ContractSchemas> {
  // zod-config first, as everywhere a schema is built (in the app, the start has run it already).
  schemasLoad ??= import('../zod-config')
    .then(() => import('../../../contract/errors'))
    .then(nextTask)
    .then(() => import('./contract-schemas'))
    .then(async (module) => {
      await nextTask();
      return module.contractSchemas;
    })
    .catch((error: unknown) => {
      schemasLoad = null;
      throw new ApiError({ kind: 'network', detail: networkDetail(error) });
    });
  return schemasLoad;
}

type JsonBody = { ok: true; value: unknown } | { ok: false };

async function readJson(response: Response): Promise<JsonBody> {
  try {
    return { ok: true, value: await response.json() };
  } catch {
    return { ok: false };
  }
}

function httpError(
  schemas: ContractSchemas,
  response: Response,
  body: JsonBody,
  resetSeconds: number | null,
): ApiError {
  const errorBody = schemas.ErrorBodySchema.safeParse(body.ok ? body.value : undefined);
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
