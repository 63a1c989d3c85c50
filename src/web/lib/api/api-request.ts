/**
 * A request to the API, described as plain data: where (base URL + path) and what (params).
 * It is the react-query key of the call (so the cache is per server and per parameters) and what
 * "show the API call" renders. It never holds the API key.
 */
export type ParamValue = string | number | undefined;

export interface ApiRequest {
  /** '' means the dashboard's own origin (the bundled server). No trailing slash. */
  baseUrl: string;
  /** Such as '/v1/floor'. */
  path: string;
  /** Empty and undefined values are dropped; keys are sorted so equal requests share a cache entry. */
  params: Readonly<Record<string, string>>;
  /** False for the keyless endpoints (/v1, /v1/ping, /v1/openapi.json, /v1/demo-key). */
  keyed: boolean;
}

export function apiRequest(
  baseUrl: string,
  path: string,
  params: Readonly<Record<string, ParamValue>> = {},
  keyed = true,
): ApiRequest {
  const clean: Record<string, string> = {};
  for (const name of Object.keys(params).sort()) {
    const value = params[name];
    if (value === undefined || value === '') continue;
    clean[name] = String(value);
  }
  return { baseUrl: baseUrl.replace(/\/+$/, ''), path, params: clean, keyed };
}

/** The URL fetch() is given: relative when the base URL is the same origin. */
export function requestUrl(request: ApiRequest): string {
  const query = new URLSearchParams(request.params).toString();
  return `${request.baseUrl}${request.path}${query ? `?${query}` : ''}`;
}

/** The URL shown to people and in code samples: always absolute. */
export function absoluteRequestUrl(request: ApiRequest, origin = globalThis.location?.origin ?? ''): string {
  const url = requestUrl(request);
  return request.baseUrl === '' ? `${origin}${url}` : url;
}
