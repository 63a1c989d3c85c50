import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, useNavigationType } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { urlList, urlSchema } from './url-schema';
import { DEFER_MS, useUrlState } from './use-url-state';

const SCHEMA = urlSchema({
  tag: urlList(z.string().check(z.minLength(1, 'an empty tag was left out.')), []),
  n: z._default(
    z.pipe(
      z.string().check(z.regex(/^\d+$/, 'n must be a whole number.')),
      z.transform((text: string) => Number(text)),
    ),
    0,
  ),
});
type View = ReturnType<typeof SCHEMA.read>['view'];

let hook: ReturnType<typeof useUrlState<View>>;
const views: View[] = [];

function Probe() {
  hook = useUrlState(SCHEMA);
  views.push(hook.view);
  return (
    <p>
      n {hook.view.n} url {useLocation().search} by {useNavigationType()}
    </p>
  );
}

let router: ReturnType<typeof createMemoryRouter>;
const renderAt = (url: string) => {
  router = createMemoryRouter([{ path: '/', Component: Probe }], { initialEntries: ['/start', url] });
  return render(<RouterProvider router={router} />);
};

describe('useUrlState', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    views.length = 0;
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('reads the URL with the schema: defaults for absent or refused values, and says what it ignored', () => {
    renderAt('/?n=many&tag=a');
    expect(hook.view).toEqual({ tag: ['a'], n: 0 });
    expect(hook.problems).toEqual(['n must be a whole number.']);
  });

  it('writes a choice back with replace semantics, or pushes when asked', async () => {
    renderAt('/?n=1');
    await act(async () => hook.setView({ ...hook.view, n: 5 }));
    expect(screen.getByText('n 5 url ?n=5 by REPLACE')).toBeVisible();
    await act(async () => hook.setView({ ...hook.view, n: 6 }, { push: true }));
    expect(screen.getByText('n 6 url ?n=6 by PUSH')).toBeVisible();
  });

  it('keeps the parts that did not change, and the whole view while the URL stays', async () => {
    renderAt('/?tag=a&tag=b&n=1');
    const first = hook.view;
    await act(async () => hook.setView({ tag: ['a', 'b'], n: 2 }));
    expect(hook.view.n).toBe(2);
    expect(hook.view).not.toBe(first);
    expect(hook.view.tag).toBe(first.tag);
    const settled = hook.view;
    await act(async () => hook.setView(settled));
    expect(hook.view).toBe(settled);
    // Every render since the URL last changed saw the very same view.
    expect(views.slice(-2)[0]).toBe(views.slice(-1)[0]);
  });

  it('shows the URL view again when Back returns to where a choice was made', async () => {
    const { container } = renderAt('/?n=1');
    await act(async () => hook.setView({ tag: [], n: 2 }, { push: true }));
    expect(container.textContent).toBe('n 2 url ?n=2 by PUSH');
    await act(async () => router.navigate(-1));
    expect(container.textContent).toBe('n 1 url ?n=1 by POP');
  });

  it('shows a deferred choice at once and writes the URL once the changes pause', async () => {
    renderAt('/?n=1');
    await act(async () => hook.setView({ tag: [], n: 2 }, { defer: true }));
    await act(async () => hook.setView({ tag: [], n: 3 }, { defer: true }));
    expect(screen.getByText(/^n 3 url \?n=1 by/)).toBeVisible();
    await act(async () => vi.advanceTimersByTime(DEFER_MS));
    expect(screen.getByText('n 3 url ?n=3 by REPLACE')).toBeVisible();
  });
});
