import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PingSchema } from '../../../contract/resources';
import { apiFetch } from '../../lib/api/api-fetch';
import { apiRequest } from '../../lib/api/api-request';
import { ServiceStatus } from './service-status';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ServiceStatus', () => {
  it('turns to "API unreachable" within seconds once any request gets no answer', async () => {
    let serverUp = true;
    const fetchMock = vi.fn(async () => {
      if (!serverUp) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ ok: true, service: 'slab', ts: '2026-11-15T00:00:00.000Z' }), {
        status: 200,
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <ServiceStatus />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('API online')).toBeVisible();

    // The server stops; a page's request fails with no answer: the ping is asked again at once.
    serverUp = false;
    const request = apiRequest('', '/v1/floor');
    await act(async () => {
      await client
        .fetchQuery({
          queryKey: ['slab', request],
          queryFn: () => apiFetch({ request, apiKey: null, schema: () => PingSchema }),
          retry: false,
        })
        .catch(() => undefined);
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('API unreachable'), {
      timeout: 3000,
    });
  });
});
