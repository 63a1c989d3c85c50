import { describe, expect, it } from 'vitest';
import { apiRequest } from '../../lib/api/api-request';
import { curlSample, fetchSample, KEY_PLACEHOLDER } from './code-samples';

const KEY = `slab_live_${'9f'.repeat(23)}beef`;
const request = apiRequest('', '/v1/categories', { category: 'pokemon' });
const ORIGIN = 'http://127.0.0.1:8797';

describe('code samples of "show the API call"', () => {
  it('shows curl with the full URL and the key masked to its prefix and last four characters', () => {
    const curl = curlSample(request, KEY, ORIGIN);
    expect(curl).toBe(
      "curl -s 'http://127.0.0.1:8797/v1/categories?category=pokemon' \\\n  -H 'x-api-key: slab_live_••••••••beef'",
    );
    expect(curl).not.toContain(KEY);
  });

  it('shows fetch() code with the header, masked, reading meta and data', () => {
    const code = fetchSample(request, KEY, ORIGIN);
    expect(code).toContain("fetch('http://127.0.0.1:8797/v1/categories?category=pokemon'");
    expect(code).toContain("headers: { 'x-api-key': 'slab_live_••••••••beef' }");
    expect(code).toContain('const { meta, data } = await response.json();');
    expect(code).not.toContain(KEY);
  });

  it('uses a placeholder without a key, and no header at all for keyless endpoints', () => {
    expect(curlSample(request, null, ORIGIN)).toContain(`x-api-key: ${KEY_PLACEHOLDER}`);
    const ping = apiRequest('https://api.example.com', '/v1/ping', {}, false);
    expect(curlSample(ping, KEY)).toBe("curl -s 'https://api.example.com/v1/ping'");
    expect(fetchSample(ping, KEY)).not.toContain('x-api-key');
  });
});
