import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` items to draw: `first` at once, then one more in each following task (a
 * transition), so a long list is committed and laid out a piece at a time rather than in one long
 * task. The whole list is there a few frames later; nothing is hidden from search or tests for long.
 */
export function useRevealed(total: number, first: number): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => startTransition(() => setCount((current) => current + 1)), 0);
    return () => clearTimeout(timer);
  }, [count, total]);
  return Math.min(count, total);
}
