import { API_KEY_HEADER, maskApiKey } from '../../../contract/api-key';
import { type ApiRequest, absoluteRequestUrl } from '../../lib/api/api-request';

/**
 * The code shown by "show the API call": a curl command and a fetch() snippet for one request,
 * with the key masked (maskApiKey) unless the user revealed it, or a placeholder when there is
 * none. Pure, so it is unit-tested.
 */
export const KEY_PLACEHOLDER = '<API_KEY>';

export const shownKey = (apiKey: string | null, revealed = false): string =>
  apiKey ? (revealed ? apiKey : maskApiKey(apiKey)) : KEY_PLACEHOLDER;

export function curlSample(
  request: ApiRequest,
  apiKey: string | null,
  origin?: string,
  revealed = false,
): string {
  const url = absoluteRequestUrl(request, origin);
  const header = request.keyed ? ` \\\n  -H '${API_KEY_HEADER}: ${shownKey(apiKey, revealed)}'` : '';
  return `curl -s '${url}'${header}`;
}

export function fetchSample(
  request: ApiRequest,
  apiKey: string | null,
  origin?: string,
  revealed = false,
): string {
  const url = absoluteRequestUrl(request, origin);
  const init = request.keyed
    ? `, {\n  headers: { '${API_KEY_HEADER}': '${shownKey(apiKey, revealed)}' },\n}`
    : '';
  const read = request.keyed
    ? 'const { meta, data } = await response.json();'
    : 'const body = await response.json();';
  return `const response = await fetch('${url}'${init});\n${read}`;
}
