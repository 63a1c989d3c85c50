import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isWellFormedApiKey } from '../../../contract/api-key';
import { ENDPOINT_PATHS } from '../../../contract/endpoint-paths';
import type { DemoKey } from '../../../contract/resources';
import { ApiError } from '../api/api-error';
import { apiFetch } from '../api/api-fetch';
import { apiRequest } from '../api/api-request';
import { type ApiConnection, useApiConnection } from '../api/use-api-connection';
import { keyStore, setApiKey } from './key-store';

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
  const request = apiRequest(api.baseUrl, ENDPOINT_PATHS.demoKey, {}, false);
  const minted = await apiFetch({
    request,
    apiKey: null,
    schema: (schemas) => schemas.DemoKeySchema,
    signal,
  });
  // The key goes into storage and every x-api-key header: refuse anything that is not a key.
  if (!isWellFormedApiKey(minted.key)) {
    throw new ApiError({ kind: 'contract', path: 'key', issue: 'not a well-formed API key' });
  }
  return minted;
}

export type MintState =
  | { status: 'idle' | 'pending' | 'success'; error: null }
  | { status: 'error'; error: unknown };

/**
 * The minting action, a react-query mutation (in the client's MutationCache, key ['slab',
 * 'demo-key']) run directly rather than through `useMutation`: that hook's observer, loaded only
 * by this lazy chunk, made the bundler split React, react-router and the API layer out of the entry
 * (+2.7 kB gzip of first-paint JavaScript measured). On success the key is stored like a key the
 * user typed (shared with this browser's other tabs, with its expiry), and the calls that failed for want of a key are
 * sent again with it.
 */
export function useMintDemoKey() {
  const api = useApiConnection();
  const queryClient = useQueryClient();
  const [state, setState] = useState<MintState>({ status: 'idle', error: null });
  const mutate = (onReady?: () => void) => {
    // A key this browser already has is used again rather than another minted (and the
    // per-address limit spent): "Try it now" then just goes on with it.
    const current = keyStore.get();
    if (current !== null && (current.expiresAt === undefined || Date.parse(current.expiresAt) > Date.now())) {
      setState({ status: 'success', error: null });
      onReady?.();
      return;
    }
    const mutation = queryClient.getMutationCache().build(queryClient, {
      mutationKey: ['slab', 'demo-key'],
      mutationFn: () => mintDemoKey(api),
      // Offline, fail at once with "cannot be reached" rather than wait silently for the network.
      networkMode: 'always',
    });
    setState({ status: 'pending', error: null });
    mutation.execute(undefined).then(
      (minted) => {
        // A demo key stays on the device until it expires or the visitor forgets it: a returning
        // visitor keeps their key (and the collection made with it) instead of minting another.
        setApiKey({ key: minted.key, remembered: true, expiresAt: minted.expires_at });
        void queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error' });
        setState({ status: 'success', error: null });
        onReady?.();
      },
      (error: unknown) => setState({ status: 'error', error }),
    );
  };
  return { ...state, mutate, isPending: state.status === 'pending', isError: state.status === 'error' };
}
