import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isWellFormedApiKey } from '../../../contract/api-key';
import { type DemoKey, DemoKeySchema } from '../../../contract/resources';
import { ApiError } from '../api/api-error';
import { apiFetch } from '../api/api-fetch';
import { apiRequest } from '../api/api-request';
import type { ApiConnection } from '../api/use-api-connection';
import { useApiConnection } from '../api/use-api-connection';
import { setApiKey } from './key-store';

/**
 * "Try it now": GET /v1/demo-key (no key) mints a NEW personal free-tier key on every call
 * (decisions.md, "Demo keys"): limited per client address (429 rate_limited past it), 404 when the
 * server has no demo mode. So it is a mutation, never a cached query: a cached answer would hand
 * the same key to whoever asks next, and a refetch would mint (and waste) another.
 */
export async function mintDemoKey(
  api: Pick<ApiConnection, 'baseUrl'>,
  signal?: AbortSignal,
): Promise<DemoKey> {
  const request = apiRequest(api.baseUrl, '/v1/demo-key', {}, false);
  const minted = await apiFetch({ request, apiKey: null, schema: DemoKeySchema, signal });
  // The key goes into storage and every x-api-key header: refuse anything that is not a key.
  if (!isWellFormedApiKey(minted.key)) {
    throw new ApiError({ kind: 'contract', path: 'key', issue: 'not a well-formed API key' });
  }
  return minted;
}

/**
 * The minting action: on success the key is stored like a key the user typed (this tab only, with
 * its expiry), and the calls that failed for want of a key are sent again with it.
 */
export function useMintDemoKey() {
  const api = useApiConnection();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['slab', 'demo-key'],
    mutationFn: () => mintDemoKey(api),
    // Offline, fail at once with "cannot be reached" rather than wait silently for the network.
    networkMode: 'always',
    onSuccess: (minted) => {
      setApiKey({ key: minted.key, remembered: false, expiresAt: minted.expires_at });
      void queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error' });
    },
  });
}
