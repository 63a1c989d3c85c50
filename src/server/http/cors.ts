import { API_KEY_HEADER } from '../../contract/api-key';
import { apiJson, type RequestState } from './response';

const ALLOW_METHODS = 'GET,HEAD,OPTIONS';
/** `if-none-match`: a page may revalidate a keyed answer itself (docs/api.md, "HTTP caching"). */
const ALLOW_HEADERS = [API_KEY_HEADER, 'content-type', 'x-request-id', 'if-none-match'].join(',');

/**
 * CORS for the API: any origin may call it with a key in x-api-key (no cookies are involved, so
 * `*` is safe). Every API answer carries `Access-Control-Allow-Origin: *` and exposes the
 * RateLimit headers, ETag and x-request-id (response.ts); a preflight is answered here, before and
 * without any key check, so it needs no key and spends nothing.
 */
export const preflight = (state: RequestState): Response =>
  apiJson(state, 204, null, {
    'access-control-allow-methods': ALLOW_METHODS,
    'access-control-allow-headers': ALLOW_HEADERS,
    'access-control-max-age': '86400',
  });
