import { useApiKey } from '../api-key/key-store';
import { useBaseUrl } from '../settings/base-url-store';

/** Which server to ask and with which key; the input of every query factory in queries.ts. */
export interface ApiConnection {
  baseUrl: string;
  apiKey: string | null;
}

export function useApiConnection(): ApiConnection {
  const baseUrl = useBaseUrl();
  const stored = useApiKey();
  return { baseUrl, apiKey: stored?.key ?? null };
}
