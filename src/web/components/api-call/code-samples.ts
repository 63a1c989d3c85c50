import { API_KEY_HEADER, maskApiKey } from '../../../contract/api-key';
import { type ApiRequest, absoluteRequestUrl } from '../../lib/api/api-request';

/**
 * The code shown by "show the API call": a curl command and a fetch() snippet for one request,
 * with the key masked (maskApiKey) or a placeholder when there is none. Pure, so it is unit-tested.
 */
export const KEY_PLACEHOLDER = '<API_KEY>';

export const shownKey = (apiKey: string | null): string => (apiKey ? maskApiKey(apiKey) : KEY_PLACEHOLDER);

export function curlSample(request: ApiRequest, apiKey: string | null, origin?: string): string {
  const url = absoluteRequestUrl(request, origin);
  const header = request.keyed ? ` \\\n  -H '${API_KEY_HEADER}: ${shownKey(apiKey)}'` : '';
  return `curl -s '${url}'${header}`;
}

export function fetchSample(request: ApiRequest, apiKey: string | null, origin?: string): string {
  const url = absoluteRequestUrl(request, origin);
  const init = request.keyed ? `, {\n  headers: { '${API_KEY_HEADER}': '${shownKey(apiKey)}' },\n}` : '';
  const read = request.keyed
    ? 'const { meta, data } = await response.json();'
    : 'const body = await response.json();';
  return `const response = await fetch('${url}'${init});\n${read}`;
}
