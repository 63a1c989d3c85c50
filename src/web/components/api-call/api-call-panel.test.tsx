import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiRequest } from '../../lib/api/api-request';
import { setApiKey } from '../../lib/api-key/key-store';
import { ApiCallPanel, viewCost } from './api-call-panel';

const KEY = `slab_live_${'ab'.repeat(22)}1234`;
const request = apiRequest('', '/v1/floor', {});
const fetched = { isFetchedAfterMount: true, isSuccess: true, isError: false, dataUpdatedAt: Date.now() };
const cached = { ...fetched, isFetchedAfterMount: false, dataUpdatedAt: Date.parse('2026-11-15T09:30:00Z') };

afterEach(cleanup);

describe('ApiCallPanel', () => {
  it('renders the request and code with the stored key masked, never in clear', () => {
    setApiKey({ key: KEY, remembered: false });
    const { container } = render(<ApiCallPanel request={request} result={fetched} />);
    expect(screen.getByText(`${location.origin}/v1/floor`)).toBeTruthy();
    expect(container.textContent).toContain('slab_live_••••••••1234');
    expect(container.innerHTML).not.toContain(KEY);
    expect(screen.getByRole('button', { name: 'Copy the curl code' })).toBeTruthy();
  });

  it('says what viewing cost: 1 call when fetched for this view, 0 from the cache or on error', () => {
    expect(viewCost(request, fetched)).toMatch(/1 call/);
    expect(viewCost(request, cached)).toMatch(
      /0 calls \(served from the cache, fetched Nov 15, 2026, 9:30 AM UTC\)/,
    );
    expect(viewCost(request, { ...fetched, isSuccess: false, isError: true })).toMatch(/0 calls \(failed/);
    expect(viewCost(apiRequest('', '/v1/ping', {}, false), fetched)).toMatch(
      /0 calls \(this endpoint needs no key/,
    );
  });
});
