/** decisions.md: `slab_live_` + 48 lowercase hexadecimal characters. */
export const API_KEY_PREFIX = 'slab_live_';
export const API_KEY_PATTERN = /^slab_live_[0-9a-f]{48}$/;

export const isWellFormedApiKey = (key: string): boolean => API_KEY_PATTERN.test(key);

/** Shows the prefix and the last four characters only, for code samples and logs. */
export const maskApiKey = (key: string): string =>
  key.length > 14 ? `${key.slice(0, API_KEY_PREFIX.length)}${'•'.repeat(8)}${key.slice(-4)}` : '•'.repeat(8);

export const API_KEY_HEADER = 'x-api-key';
export const API_KEY_QUERY_PARAM = 'key';
