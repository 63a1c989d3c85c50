import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IndexDocument } from '../../../contract/resources';
import { clearApiKey, keyStore } from '../../lib/api-key/key-store';
import { FrontDoor } from './front-door';

const KEY_1 = `slab_live_${'a'.repeat(48)}`;
const KEY_2 = `slab_live_${'b'.repeat(48)}`;
const EXPIRES = '2026-12-01T05:00:00.000Z';

const INDEX: IndexDocument = {
  service: 'Slab Terminal Graded-Card Market Data API',
  version: 'v1',
  auth: 'Send your API key in the x-api-key header.',
  pricing:
    'free: 1,000 calls a month, no payment card needed; pro: 50,000 calls a month; business: 1,000,000 calls a month. Quotas reset on the first day of each month (UTC).',
  endpoints: {},
  categories: ['pokemon'],
  docs: '/',
  spec: '/v1/openapi.json',
  terms: 'Derived analytics only.',
  market: { data: 'demo', synthetic: true, note: 'Demo market: synthetic data made by the demo generator.' },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A server: GET /v1 as given, GET /v1/demo-key answering each call with the next of `mints`. */
function stubServer(index: IndexDocument, mints: Response[]) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/v1') return json(200, index);
    if (path === '/v1/demo-key')
      return mints.shift() ?? json(500, { error: 'internal_error', hint: 'none left' });
    return json(404, { error: 'not_found', hint: 'no such path' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const demoCalls = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/v1/demo-key')).length;

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <FrontDoor />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => clearApiKey());
afterEach(() => {
  cleanup();
  clearApiKey();
  vi.unstubAllGlobals();
});

describe('FrontDoor', () => {
  it('says what the product is and that the market is synthetic when GET /v1 says so', async () => {
    stubServer(INDEX, []);
    show();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/Graded-card market data/);
    expect(screen.getByText(/floor of every category, a daily index, sold comps/)).toBeVisible();
    expect((await screen.findByTestId('front-door-market')).textContent).toContain('synthetic demo market');
  });

  it('says nothing of a demo market when the server does not', async () => {
    const fetchMock = stubServer(
      { ...INDEX, market: { data: 'ingest', synthetic: false, note: 'Imported.' } },
      [],
    );
    show();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await screen.findByText(/Keys of your own/);
    expect(screen.queryByTestId('front-door-market')).toBeNull();
  });

  it('"Get a key" lists the tiers and quotas the server states, not numbers of its own', async () => {
    stubServer({ ...INDEX, pricing: 'free: 2,500 calls a month; gold: 7 calls a month.' }, []);
    show();
    fireEvent.click(screen.getByText('Get a key: tiers, prices and limits'));
    const table = await screen.findByRole('table', { name: 'Tiers and monthly quotas' });
    const rows = [...table.querySelectorAll('tbody tr')].map((row) => row.textContent);
    expect(rows).toEqual(['free2,500', 'gold7']);
  });

  it('"Try it now" mints a key once, keeps it on the device with its expiry, and goes on with it on the next press', async () => {
    const fetchMock = stubServer(INDEX, [
      json(200, { key: KEY_1, tier: 'free', expires_at: EXPIRES }),
      json(200, { key: KEY_2, tier: 'free', expires_at: EXPIRES }),
    ]);
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Try it now' }));
    await waitFor(() => expect(keyStore.get()).toEqual({ key: KEY_1, remembered: true, expiresAt: EXPIRES }));
    // Kept on the device (until it expires or is forgotten), not only in this tab.
    expect(localStorage.getItem('slab.apiKey')).toBe(KEY_1);
    expect(localStorage.getItem('slab.apiKeyExpiresAt')).toBe(EXPIRES);
    expect(sessionStorage.getItem('slab.apiKey')).toBeNull();
    // The second press reuses the key this browser has: no second key is minted.
    fireEvent.click(await screen.findByRole('button', { name: 'Try it now' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(keyStore.get()?.key).toBe(KEY_1);
    expect(demoCalls(fetchMock)).toBe(1);
  });

  it('says why when the server will not mint: too many keys (429 hint), no demo mode (404)', async () => {
    stubServer(INDEX, [
      json(429, {
        error: 'rate_limited',
        hint: 'Too many demo keys from this address; retry in 3600 seconds.',
      }),
      json(404, { error: 'not_found', hint: 'No demo mode.' }),
    ]);
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Try it now' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No more demo keys for now: Too many demo keys from this address; retry in 1 h.',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Try it now' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/gives no demo keys/));
    expect(keyStore.get()).toBeNull();
  });

  it('refuses an answer that is not a well-formed key, and stores nothing', async () => {
    stubServer(INDEX, [json(200, { key: 'slab_live_short', tier: 'free', expires_at: EXPIRES })]);
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Try it now' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/unexpected shape/);
    expect(keyStore.get()).toBeNull();
  });
});
