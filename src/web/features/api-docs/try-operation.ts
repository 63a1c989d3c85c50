import { API_KEY_HEADER } from '../../../contract/api-key';
import { ENDPOINT_PATHS } from '../../../contract/endpoint-paths';
import { loadContractSchemas } from '../../lib/api/api-fetch';
import { type ApiRequest, requestUrl } from '../../lib/api/api-request';
import { readRateLimit } from '../../lib/api/rate-limit-headers';
import type { QuotaObservation } from '../../lib/quota/quota-store';

/**
 * "Try it" on the API docs page: one request as a developer would send it, answered as it came
 * (status, the headers that matter, the body, errors included), with what it cost: the calls left
 * before (`remaining` of GET /v1/usage, which spends nothing; else the quota the dashboard last
 * heard of) and after (`meta.remaining`, or the RateLimit
 * header of an answer without `meta`). A 304 to If-None-Match costs nothing.
 */
export interface TryResult {
  status: number;
  statusText: string;
  /** RateLimit, RateLimit-Policy, ETag, Retry-After, Cache-Control... as sent. */
  headers: [string, string][];
  etag: string | null;
  body: string;
  remainingBefore: number | null;
  remainingAfter: number | null;
  /** Calls this request spent: known when both counts are, or 0 for an answer that spends nothing. */
  cost: number | null;
  ms: number;
}

const SHOWN_HEADERS = [
  'ratelimit',
  'ratelimit-policy',
  'retry-after',
  'etag',
  'cache-control',
  'vary',
  'www-authenticate',
  'x-request-id',
];

export interface SendOptions {
  request: ApiRequest;
  apiKey: string | null;
  ifNoneMatch?: string | null;
  remainingBefore: number | null;
  onQuota?: (observation: QuotaObservation) => void;
  now?: () => number;
}

export async function sendTry({
  request,
  apiKey,
  ifNoneMatch,
  remainingBefore,
  onQuota,
  now = () => performance.now(),
}: SendOptions): Promise<TryResult> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.keyed && apiKey) headers[API_KEY_HEADER] = apiKey;
  const before = request.keyed ? ((await remainingNow(request, headers)) ?? remainingBefore) : null;
  if (ifNoneMatch) headers['if-none-match'] = ifNoneMatch;
  const started = now();
  // no-store: the browser must not answer from its cache nor revalidate on its own; the page
  // sends If-None-Match itself when asked, and shows the 304 as it is.
  const response = await fetch(requestUrl(request), { headers, cache: 'no-store' });
  const text = await response.text();
  const ms = Math.round(now() - started);
  const rateLimit = readRateLimit(response.headers);
  let body = text;
  let meta: unknown = null;
  try {
    const parsed: unknown = JSON.parse(text);
    body = JSON.stringify(parsed, null, 2);
    meta = (parsed as { meta?: unknown } | null)?.meta ?? null;
  } catch {
    // not JSON (a 304 has no body): shown as it came
  }
  // The contract's schemas (classic zod) load with the first try, not with the page.
  const parsedMeta = (await loadContractSchemas()).MetaSchema.safeParse(meta);
  const spent = response.ok && response.status !== 304;
  if (request.keyed) onQuota?.({ meta: parsedMeta.success ? parsedMeta.data : null, rateLimit, spent });
  const remainingAfter = parsedMeta.success ? parsedMeta.data.remaining : rateLimit.remaining;
  return {
    status: response.status,
    statusText: response.statusText,
    headers: SHOWN_HEADERS.flatMap((name) => {
      const value = response.headers.get(name);
      return value === null ? [] : [[name, value] as [string, string]];
    }),
    etag: response.headers.get('etag'),
    body,
    remainingBefore: before,
    remainingAfter,
    // A 404 no_match spends a call when its words match a card: the counts tell which.
    cost: costOf(spent || response.status === 404, request.keyed, before, remainingAfter),
    ms,
  };
}

/**
 * Calls left this month as the server counts them now: `remaining` of GET /v1/usage, which spends
 * nothing (a HEAD of the request would spend what its GET does). Null when unknown.
 */
async function remainingNow(request: ApiRequest, headers: Record<string, string>): Promise<number | null> {
  try {
    const usage = await fetch(requestUrl({ ...request, path: ENDPOINT_PATHS.usage, params: {} }), {
      headers,
      cache: 'no-store',
    });
    if (!usage.ok) return null;
    const body = (await usage.json()) as { data?: { remaining?: unknown } };
    return typeof body.data?.remaining === 'number' ? body.data.remaining : null;
  } catch {
    return null;
  }
}

/** Calls spent: 0 when the answer spends nothing (keyless, 304, other errors); else before minus after. */
export function costOf(
  spent: boolean,
  keyed: boolean,
  before: number | null,
  after: number | null,
): number | null {
  if (!keyed || !spent) return 0;
  return before === null || after === null ? null : Math.max(0, before - after);
}
