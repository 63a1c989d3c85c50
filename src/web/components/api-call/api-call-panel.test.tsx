import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../lib/api/api-request';
import { setApiKey } from '../../lib/api-key/key-store';
import { ApiCallPanel, viewCost } from './api-call-panel';

const KEY = `slab_live_${'ab'.repeat(22)}1234`;
const request = apiRequest('', '/v1/floor', {});
const SHOWN = Date.parse('2026-11-15T12:00:00Z');
const fetched = { isSuccess: true, isError: false, dataUpdatedAt: SHOWN + 150 };
const cached = { ...fetched, dataUpdatedAt: Date.parse('2026-11-15T09:30:00Z') };

afterEach(cleanup);

describe('ApiCallPanel', () => {
  it('renders the request and code with the stored key masked, never in clear', () => {
    setApiKey({ key: KEY, remembered: false });
    const { container } = render(<ApiCallPanel request={request} result={fetched} />);
    expect(screen.getByText(`${location.origin}/v1/floor`)).toBeInTheDocument();
    expect(container.textContent).toContain('slab_live_••••••••1234');
    expect(container.innerHTML).not.toContain(KEY);
    expect(screen.getByRole('button', { name: 'Copy the curl code' })).toBeInTheDocument();
  });

  it('says what viewing cost: 1 call when fetched after it appeared, 0 from the cache or on error', () => {
    expect(viewCost(request, fetched, SHOWN)).toMatch(/1 call/);
    expect(viewCost(request, cached, SHOWN)).toMatch(
      /0 calls \(served from the cache, fetched Nov 15, 2026, 9:30 AM UTC\)/,
    );
    expect(viewCost(request, { ...fetched, isSuccess: false, isError: true }, SHOWN)).toMatch(
      /0 calls \(failed/,
    );
    expect(viewCost(apiRequest('', '/v1/ping', {}, false), fetched, SHOWN)).toMatch(
      /0 calls \(this endpoint needs no key/,
    );
  });
});

describe('ApiCallPanel following a changing request', () => {
  it('counts the cost from when the current request is shown, not from when the panel appeared', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const magic = apiRequest('', '/v1/categories', { category: 'magic' });
      const tcg = apiRequest('', '/v1/categories', { category: 'tcg' });
      vi.setSystemTime(10_000);
      const { rerender, container } = render(
        <ApiCallPanel request={magic} result={{ isSuccess: true, isError: false, dataUpdatedAt: 10_200 }} />,
      );
      expect(container.textContent).toContain('1 call');

      // tcg was fetched at 15 s (while the panel showed magic); at 20 s the user comes back to it.
      vi.setSystemTime(20_000);
      rerender(
        <ApiCallPanel request={tcg} result={{ isSuccess: true, isError: false, dataUpdatedAt: 15_000 }} />,
      );
      expect(container.textContent).toContain('0 calls (served from the cache');
    } finally {
      vi.useRealTimers();
    }
  });
});
