import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IndexDocument, MarketOrigin } from '../../../contract/resources';
import { dataSource, MarketNotice, noteAfterLabel, useMarketOrigin } from './market-notice';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DEMO: MarketOrigin = {
  data: 'demo',
  synthetic: true,
  note: 'Demo market: synthetic data made by the demo generator (seeded, deterministic), not real sales or listings.',
};
const INGEST: MarketOrigin = {
  data: 'ingest',
  synthetic: false,
  note: 'Market data imported from sales and listings files.',
};

/** GET /v1 of a server; `market` is an optional extra member (another server leaves it out). */
const indexDocument = (market?: MarketOrigin): IndexDocument => ({
  service: 'Slab Terminal Graded-Card Market Data API',
  version: 'v1',
  auth: 'x-api-key',
  pricing: 'free: 1,000 calls a month',
  endpoints: { 'GET /v1': 'This index document (no key).' },
  categories: ['pokemon'],
  docs: '/',
  spec: '/v1/openapi.json',
  terms: 'Only derived analytics are returned.',
  ...(market && { market }),
});

const notice = () => screen.queryByRole('complementary', { name: 'Data notice' });

describe('MarketNotice', () => {
  it('says "Demo market: synthetic data" with the note while the market is synthetic', () => {
    render(<MarketNotice market={DEMO} />);
    const shown = notice();
    expect(shown?.textContent).toBe(
      'Demo market: synthetic data made by the demo generator (seeded, deterministic), not real sales or listings.',
    );
    expect(shown?.getAttribute('title')).toBe(DEMO.note);
    expect(screen.getByText('Demo market: synthetic data').tagName).toBe('STRONG');
  });

  it('shows nothing for ingested data or when the server does not say', () => {
    render(<MarketNotice market={INGEST} />);
    expect(notice()).toBeNull();
    cleanup();
    render(<MarketNotice market={undefined} />);
    expect(notice()).toBeNull();
  });

  it('reads a note that does not continue the label as a sentence of its own', () => {
    expect(noteAfterLabel('Figures are made up.')).toBe('. Figures are made up.');
    expect(noteAfterLabel('Demo market: synthetic data of the demo generator.')).toBe(
      ' of the demo generator.',
    );
    expect(noteAfterLabel('  ')).toBe('');
  });
});

describe("MarketNotice with the page's own notice (index.html)", () => {
  /** The notice as index.html carries it, before any script runs. */
  const addPageNotice = () => {
    const aside = document.createElement('aside');
    aside.id = 'market-notice';
    aside.className = 'market-notice';
    aside.setAttribute('aria-label', 'Data notice');
    aside.innerHTML =
      '<p class="market-notice__text"><strong class="market-notice__label">Demo market: synthetic data</strong><span class="market-notice__note"></span></p>';
    document.body.append(aside);
    return aside;
  };
  afterEach(() => document.getElementById('market-notice')?.remove());

  it('completes that notice with the note and title, and renders no second one', () => {
    const aside = addPageNotice();
    render(<MarketNotice market={DEMO} />);
    expect(screen.getAllByRole('complementary', { name: 'Data notice' })).toHaveLength(1);
    expect(aside.textContent).toBe(
      'Demo market: synthetic data made by the demo generator (seeded, deterministic), not real sales or listings.',
    );
    expect(aside.title).toBe(DEMO.note);
    expect(aside.hidden).toBe(false);
  });

  it('leaves it as the page drew it while the market is unknown, and hides it for ingested data', () => {
    const aside = addPageNotice();
    const { rerender } = render(<MarketNotice market={undefined} />);
    expect(aside.hidden).toBe(false);
    expect(aside.textContent).toBe('Demo market: synthetic data');
    rerender(<MarketNotice market={INGEST} />);
    expect(aside.hidden).toBe(true);
    expect(notice()).toBeNull();
    expect(aside.hasAttribute('title')).toBe(false);
  });
});

describe('dataSource (the footer)', () => {
  it('names the demo generator for synthetic data and keeps the plain source otherwise', () => {
    expect(dataSource(DEMO)).toBe(
      "Synthetic demo data from the Graded-Card Market Data API's demo generator.",
    );
    expect(dataSource(INGEST)).toBe('Data from the Graded-Card Market Data API.');
    expect(dataSource(undefined)).toBe('Data from the Graded-Card Market Data API.');
  });
});

/** The shell's use of the two: the notice fed by the hook. */
function Harness() {
  return <MarketNotice market={useMarketOrigin()} />;
}

describe('useMarketOrigin + MarketNotice, from GET /v1', () => {
  async function renderWithDocument(document: unknown) {
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify(document), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Harness />
      </QueryClientProvider>,
    );
    // Wait for the parsed answer in the cache, then let the shell render it.
    await waitFor(() => expect(client.getQueryCache().getAll()[0]?.state.status).toBe('success'));
    await act(async () => {});
    expect(fetchMock).toHaveBeenCalledTimes(1);
    return fetchMock;
  }

  it('asks /v1 without a key and shows the notice for a demo market', async () => {
    const fetchMock = await renderWithDocument(indexDocument(DEMO));
    expect(notice()?.textContent).toMatch(/^Demo market: synthetic data made by the demo generator/);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/v1');
    expect(init?.headers).not.toHaveProperty('x-api-key');
  });

  it('shows nothing for an ingested market', async () => {
    await renderWithDocument(indexDocument(INGEST));
    expect(notice()).toBeNull();
  });

  it('shows nothing for a document without `market` (another server)', async () => {
    await renderWithDocument(indexDocument());
    expect(notice()).toBeNull();
  });
});
