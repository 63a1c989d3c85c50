import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFER_MS, useUrlView } from './use-url-view';

type View = { n: number };
const read = (search: URLSearchParams) => ({ view: { n: Number(search.get('n') ?? 0) }, problems: [] });
const write = (view: View) => new URLSearchParams({ n: String(view.n) });

let set: (view: View, options?: { replace?: boolean; defer?: boolean }) => void = () => {};

function Probe() {
  const { view, setView } = useUrlView(read, write);
  set = setView;
  return (
    <p>
      view {view.n} url {useLocation().search}
    </p>
  );
}

const renderAt = (url: string) =>
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '/', Component: Probe }], { initialEntries: [url] })}
    />,
  );

describe('useUrlView', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('reads the view from the URL and writes a choice back to it', async () => {
    renderAt('/?n=2');
    expect(screen.getByText('view 2 url ?n=2')).toBeTruthy();
    await act(async () => set({ n: 5 }));
    expect(screen.getByText('view 5 url ?n=5')).toBeTruthy();
  });

  it('shows a deferred choice at once and writes the URL once the changes pause', async () => {
    renderAt('/?n=1');
    await act(async () => set({ n: 2 }, { defer: true }));
    await act(async () => set({ n: 3 }, { defer: true }));
    expect(screen.getByText('view 3 url ?n=1')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(DEFER_MS));
    expect(screen.getByText('view 3 url ?n=3')).toBeTruthy();
  });
});
