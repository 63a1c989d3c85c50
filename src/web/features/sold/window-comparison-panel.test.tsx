import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SoldData } from '../../../contract/resources';
import { ApiError } from '../../lib/api/api-error';
import { soldQuery } from '../../lib/api/queries';
import { WindowComparisonPanel } from './window-comparison-panel';

afterEach(cleanup);

/** The connection the page uses with no key and the default base URL (same origin). */
const api = { baseUrl: '', apiKey: null };
const sold = (median: number): SoldData => ({
  avg: median,
  median,
  min: median,
  max: median,
  sales: 3,
  window_days: 30,
  by_grade: [],
});

function renderPanel(client: QueryClient) {
  return render(
    <QueryClientProvider client={client}>
      <WindowComparisonPanel q="charizard" grade="PSA 10" />
    </QueryClientProvider>,
  );
}

describe('WindowComparisonPanel', () => {
  it('states the cost before asking: one call per window the cache cannot answer', () => {
    const client = new QueryClient();
    client.setQueryData(soldQuery(api, { q: 'charizard', grade: 'PSA 10', days: 30 }).queryKey, sold(100));
    client.setQueryData(soldQuery(api, { q: 'charizard', grade: 'PSA 10', days: 90 }).queryKey, sold(120));
    // Another grade's answer does not count for this card.
    client.setQueryData(soldQuery(api, { q: 'charizard', days: 7 }).queryKey, sold(90));
    renderPanel(client);
    expect(screen.getByTestId('comparison-cost').textContent).toBe('3 API calls');
    expect(screen.getByRole('button').textContent).toBe('Compare the windows (3 API calls)');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('follows the cache: a window answered meanwhile lowers the cost', () => {
    const client = new QueryClient();
    renderPanel(client);
    expect(screen.getByTestId('comparison-cost').textContent).toBe('5 API calls');
    act(() => {
      client.setQueryData(soldQuery(api, { q: 'charizard', grade: 'PSA 10', days: 365 }).queryKey, sold(80));
    });
    expect(screen.getByTestId('comparison-cost').textContent).toBe('4 API calls');
  });

  it('costs nothing and draws from the cache when every window is cached', () => {
    const client = new QueryClient();
    for (const days of [7, 30, 90, 180, 365]) {
      client.setQueryData(soldQuery(api, { q: 'charizard', grade: 'PSA 10', days }).queryKey, sold(days));
    }
    renderPanel(client);
    expect(screen.getByTestId('comparison-cost').textContent).toBe(
      'no API call: every window is already cached',
    );
    act(() => screen.getByRole('button').click());
    expect(screen.getAllByTestId('window-median').map((cell) => cell.textContent)).toEqual([
      '$7.00',
      '$30.00',
      '$90.00',
      '$180.00',
      '$365.00',
    ]);
  });

  it('counts a window known to have no sales as free, and shows it as zero sales', async () => {
    const client = new QueryClient();
    const noMatch = new ApiError({
      kind: 'http',
      status: 404,
      code: 'no_match',
      hint: 'Try fewer words.',
      resetAt: null,
    });
    const week = soldQuery(api, { q: 'charizard', grade: 'PSA 10', days: 7 });
    await client
      .fetchQuery({ queryKey: week.queryKey, queryFn: () => Promise.reject(noMatch), retry: false })
      .catch(() => undefined);
    for (const days of [30, 90, 180, 365]) {
      client.setQueryData(soldQuery(api, { q: 'charizard', grade: 'PSA 10', days }).queryKey, sold(days));
    }
    renderPanel(client);
    expect(screen.getByTestId('comparison-cost').textContent).toBe(
      'no API call: every window is already cached',
    );
    act(() => screen.getByRole('button').click());
    expect(screen.getAllByTestId('window-sales').map((cell) => cell.textContent)).toEqual([
      '0',
      '3',
      '3',
      '3',
      '3',
    ]);
    expect(screen.getAllByTestId('window-median')[0]?.textContent).toBe('no sales');
  });
});
