import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRevealed } from './use-revealed';

describe('useRevealed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('draws the first items at once, then one more per task until all are drawn', async () => {
    const { result } = renderHook(() => useRevealed(4, 1));
    const seen = [result.current];
    for (let step = 0; step < 20 && result.current < 4; step += 1) {
      await act(async () => {
        await vi.advanceTimersToNextTimerAsync();
      });
      if (result.current !== seen.at(-1)) seen.push(result.current);
    }
    expect(seen).toEqual([1, 2, 3, 4]);
  });

  it('never counts past the list', () => {
    const { result } = renderHook(() => useRevealed(2, 5));
    expect(result.current).toBe(2);
  });
});
