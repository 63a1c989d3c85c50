import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UsageSummary } from '../../features/settings/usage-summary';
import { EMPTY_QUOTA, nextQuota, quotaStore } from '../../lib/quota/quota-store';
import { tierOfLimit } from '../../lib/quota/quota-tier';
import { QuotaMeter } from './quota-meter';

const PRICING =
  'free: 1,000 calls a month, no payment card needed; pro: 50,000 calls a month; business: 1,000,000 calls a month. Quotas reset on the first day of each month (UTC). A typo spends nothing.';
const NO_HEADERS = { limit: null, remaining: null, resetSeconds: null, retryAfterSeconds: null };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  quotaStore.set(EMPTY_QUOTA);
});

describe('tierOfLimit', () => {
  it('names the tier whose monthly quota in /v1 pricing is the limit', () => {
    expect(tierOfLimit(PRICING, 1000)).toBe('free');
    expect(tierOfLimit(PRICING, 50_000)).toBe('pro');
    expect(tierOfLimit(PRICING, 1_000_000)).toBe('business');
    expect(tierOfLimit(PRICING, 7)).toBeNull();
    expect(tierOfLimit(undefined, 1000)).toBeNull();
    expect(tierOfLimit(PRICING, null)).toBeNull();
  });
});

function renderShell() {
  const fetchMock = vi.fn(
    async () =>
      new Response(
        JSON.stringify({
          service: 'Slab Terminal Graded-Card Market Data API',
          version: 'v1',
          auth: 'x-api-key',
          pricing: PRICING,
          endpoints: {},
          categories: ['pokemon'],
          docs: '/',
          spec: '/v1/openapi.json',
          terms: 'Only derived analytics are returned.',
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      ),
  );
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <QuotaMeter />
      <UsageSummary />
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('the tier in the header and in Settings', () => {
  it('keeps the last known tier after an error answer (a 404 names none)', () => {
    const afterCall = nextQuota(EMPTY_QUOTA, {
      meta: { tier: 'pro', remaining: 49_999, generated: '2026-11-15T12:00:00.000Z' },
      rateLimit: { ...NO_HEADERS, limit: 50_000 },
      spent: true,
    });
    quotaStore.set(nextQuota(afterCall, { meta: null, rateLimit: NO_HEADERS, spent: false }));
    const fetchMock = renderShell();
    expect(screen.getByText('pro', { selector: '.badge' })).toBeVisible();
    expect(screen.getByTestId('usage-tier').textContent).toBe('pro');
    expect(fetchMock).not.toHaveBeenCalled(); // a known tier needs no /v1
  });

  it('names the tier from the limit when a 429 is the first answer of the tab', async () => {
    quotaStore.set(
      nextQuota(EMPTY_QUOTA, {
        meta: null,
        rateLimit: { ...NO_HEADERS, limit: 1000, remaining: 0, retryAfterSeconds: 598_430 },
        spent: false,
      }),
    );
    renderShell();
    expect(await screen.findByText('free', { selector: '.badge' })).toBeVisible();
    expect(screen.getByRole('meter', { name: 'Quota' }).getAttribute('aria-valuetext')).toBe(
      'free tier: 0 of 1,000 calls left this month',
    );
    expect(screen.getByTestId('usage-tier').textContent).toBe('free');
  });

  it('says "not reported yet" rather than a dash while nothing names the tier', () => {
    renderShell();
    expect(screen.getByTestId('usage-tier').textContent).toBe('not reported yet');
  });
});
