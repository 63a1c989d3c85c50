import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
    expect(screen.getByText(`${location.origin}/v1/floor`)).toBeTruthy();
    expect(container.textContent).toContain('slab_live_••••••••1234');
    expect(container.innerHTML).not.toContain(KEY);
    expect(screen.getByRole('button', { name: 'Copy the curl code' })).toBeTruthy();
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
