import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, startTransition, useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { retryableLazy } from './retryable-lazy';

afterEach(cleanup);

/** How often Part was mounted in the current test. */
const counts = { mounts: 0 };

function Part() {
  useEffect(() => {
    counts.mounts += 1;
  }, []);
  return <p>The part</p>;
}

/** Part behind retryableLazy, with a load that settles when the test says. */
function deferredPart() {
  counts.mounts = 0;
  let settle: (module: { default: typeof Part }) => void = () => undefined;
  let loads = 0;
  const Lazy = retryableLazy(() => {
    loads += 1;
    return new Promise<{ default: typeof Part }>((resolve) => {
      settle = resolve;
    });
  });
  return { Lazy, loaded: () => settle({ default: Part }), loads: () => loads };
}

function Parent({ Lazy, n }: { Lazy: React.ComponentType; n: number }) {
  return (
    <Suspense fallback={<p>Loading</p>}>
      <Lazy />
      <span>render {n}</span>
    </Suspense>
  );
}

describe('retryableLazy', () => {
  it('draws a preloaded part in the render that meets it, without a fallback', async () => {
    const { Lazy, loaded, loads } = deferredPart();
    const preloaded = Lazy.preload();
    loaded();
    await preloaded;
    render(<Parent Lazy={Lazy} n={1} />);
    expect(screen.getByText('The part')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(loads()).toBe(1);
  });

  it('keeps a part met before it loaded mounted when its parent draws again', async () => {
    const { Lazy, loaded } = deferredPart();
    const { rerender } = render(<Parent Lazy={Lazy} n={1} />);
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(async () => loaded());
    await screen.findByText('The part');
    rerender(<Parent Lazy={Lazy} n={2} />);
    await screen.findByText('render 2');
    expect(screen.getByText('The part')).toBeTruthy();
    expect(counts.mounts).toBe(1);
  });

  it('keeps a part met in a transition mounted when its parent draws again', async () => {
    const { Lazy, loaded } = deferredPart();
    const { rerender } = render(<p>Before</p>);
    act(() => startTransition(() => rerender(<Parent Lazy={Lazy} n={1} />)));
    await act(async () => loaded());
    await screen.findByText('The part');
    act(() => startTransition(() => rerender(<Parent Lazy={Lazy} n={2} />)));
    await screen.findByText('render 2');
    rerender(<Parent Lazy={Lazy} n={3} />);
    await screen.findByText('render 3');
    expect(counts.mounts).toBe(1);
  });
});
