import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import { clearApiKey, keyDialogStore, setApiKey } from '../../lib/api-key/key-store';
import { QueryState, type QueryStateProps } from './query-state';

const KEY = `slab_live_${'1'.repeat(48)}`;
type Result = QueryStateProps<string[]>['result'];
const base: Result = {
  data: undefined,
  error: null,
  status: 'pending',
  fetchStatus: 'fetching',
  refetch: vi.fn(),
};
const failed = (error: unknown): Result => ({
  ...base,
  status: 'error',
  fetchStatus: 'idle',
  error: error as Error,
});

function show(result: Result) {
  return render(
    <QueryState result={result} label="the rows" isEmpty={(rows) => rows.length === 0} emptyTitle="No rows">
      {(rows) => (
        <ul>
          {rows.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );
}

afterEach(() => {
  cleanup();
  clearApiKey();
  keyDialogStore.set(false);
});

describe('QueryState', () => {
  it('asks for a key when there is none, and the button opens the key dialog', () => {
    clearApiKey();
    show({ ...base, fetchStatus: 'idle' });
    fireEvent.click(screen.getByRole('button', { name: 'Enter an API key' }));
    expect(keyDialogStore.get()).toBe(true);
  });

  it('shows a loading skeleton, then the data, or the empty state', () => {
    setApiKey({ key: KEY, remembered: false });
    show(base);
    expect(screen.getByRole('status').textContent).toContain('Loading the rows');
    cleanup();
    show({ ...base, status: 'success', fetchStatus: 'idle', data: ['a', 'b'] });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['a', 'b']);
    cleanup();
    show({ ...base, status: 'success', fetchStatus: 'idle', data: [] });
    expect(screen.getByText('No rows')).toBeVisible();
  });

  it('shows a 401 with the server hint and a button to the key dialog', () => {
    setApiKey({ key: KEY, remembered: false });
    const hint = 'Send your API key in the x-api-key header.';
    show(
      failed(
        new ApiError({ kind: 'http', status: 401, code: 'missing_or_malformed_key', hint, resetAt: null }),
      ),
    );
    expect(screen.getByRole('alert').textContent).toContain(hint);
    fireEvent.click(screen.getByRole('button', { name: 'Enter an API key' }));
    expect(keyDialogStore.get()).toBe(true);
  });

  it('shows a 429 with the date the quota resets', () => {
    setApiKey({ key: KEY, remembered: false });
    const resetAt = new Date('2026-12-01T00:00:00Z');
    show(
      failed(new ApiError({ kind: 'http', status: 429, code: 'quota_exceeded', hint: 'Spent.', resetAt })),
    );
    expect(screen.getByRole('alert').textContent).toContain('Calls are available again on Dec 1, 2026');
  });

  it('shows no_match with its hint, as information rather than an alarm', () => {
    setApiKey({ key: KEY, remembered: false });
    const hint = 'No card matches all of: zzz. Try fewer words.';
    show(failed(new ApiError({ kind: 'http', status: 404, code: 'no_match', hint, resetAt: null })));
    expect(screen.getByRole('status').textContent).toContain(hint);
  });

  it("passes the page's suggestion link on to the no_match panel", () => {
    setApiKey({ key: KEY, remembered: false });
    const hint = 'No card title contains zzqx. Try q=charizard instead.';
    render(
      <MemoryRouter>
        <QueryState
          result={failed(new ApiError({ kind: 'http', status: 404, code: 'no_match', hint, resetAt: null }))}
          label="the rows"
          suggestionHref={(q) => `/value?q=${q}`}
        >
          {() => null}
        </QueryState>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Try “charizard” instead' }).getAttribute('href')).toBe(
      '/value?q=charizard',
    );
  });

  it('shows a contract violation as "an unexpected shape" with the failing field path, and retries', () => {
    setApiKey({ key: KEY, remembered: false });
    const refetch = vi.fn();
    show({
      ...failed(
        new ApiError({ kind: 'contract', path: 'data.categories[1].total_value', issue: 'expected number' }),
      ),
      refetch,
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The API answered in an unexpected shape');
    expect(alert.textContent).toContain('data.categories[1].total_value');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the network being down', () => {
    setApiKey({ key: KEY, remembered: false });
    show(failed(new ApiError({ kind: 'network', detail: 'Failed to fetch' })));
    expect(screen.getByRole('alert').textContent).toContain('The API cannot be reached');
  });
});

describe('QueryState offline', () => {
  it('says the request waits for the connection when react-query paused it', () => {
    setApiKey({ key: KEY, remembered: false });
    show({ ...base, fetchStatus: 'paused' });
    expect(screen.getByRole('alert').textContent).toContain('You are offline');
  });
});
