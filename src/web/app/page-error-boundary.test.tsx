import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, retryableLazy } from '../lib/retryable-lazy';
import { PageErrorBoundary } from './page-error-boundary';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Loaded() {
  return <p>The page</p>;
}

describe('PageErrorBoundary with a page whose chunk fails to load', () => {
  it('offers "Try again", which imports the chunk afresh and shows the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React logs the caught error
    const load = vi
      .fn<() => Promise<{ default: typeof Loaded }>>()
      .mockRejectedValueOnce(new Error('Unable to preload CSS for /assets/sold-page.css'))
      .mockResolvedValue({ default: Loaded });
    const Page = retryableLazy(load);
    render(
      <PageErrorBoundary>
        <Suspense fallback={<p>Loading</p>}>
          <Page />
        </Suspense>
      </PageErrorBoundary>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This page could not be loaded');
    expect(alert.textContent).not.toContain('Unable to preload CSS');

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The page')).toBeVisible();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tells chunk failures from other errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined (reading 'map')"))).toBe(false);
  });
});
