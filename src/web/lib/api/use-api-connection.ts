import { keyStore, useApiKey } from '../api-key/key-store';
import { useBaseUrl } from '../settings/base-url-store';

/** Which server to ask and with which key; the input of every query factory in queries.ts. */
export interface ApiConnection {
  baseUrl: string;
  /** The key to send, or null when there is none (keyed queries are then disabled). */
  readonly apiKey: string | null;
}

/**
 * The connection for this render. `apiKey` is read from the key store when it is used, so a query
 * function that runs after the key changed (a retry after "Enter an API key") sends the new key,
 * not the one its closure saw; the hook still re-renders its component when the key changes.
 */
export function useApiConnection(): ApiConnection {
  const baseUrl = useBaseUrl();
  useApiKey(); // subscribe: re-render (and re-enable keyed queries) when the key changes
  return {
    baseUrl,
    get apiKey() {
      return keyStore.get()?.key ?? null;
    },
  };
}
