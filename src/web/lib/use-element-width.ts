import { type RefObject, startTransition, useLayoutEffect, useState } from 'react';

/**
 * The content width of an element in CSS pixels, following resizes (0 until measured). Measured by a
 * ResizeObserver, whose first report comes with the frame's own layout, and applied in a transition:
 * a chart drawn at that width renders in slices after the commit that placed its box. Measuring in
 * the layout effect and setting the width there forced a layout inside the commit and re-rendered
 * the chart synchronously in the same task (25-30 ms of main thread on the index page, x4 on a
 * phone). Callers show the box (a placeholder of the chart's height) while the width is 0.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null) return;
    // No ResizeObserver (an old browser): the width once, as laid out now.
    if (typeof ResizeObserver === 'undefined') {
      setWidth(Math.floor(element.getBoundingClientRect().width));
      return;
    }
    const observer = new ResizeObserver(([entry]) => {
      if (entry === undefined) return;
      const next = Math.floor(entry.contentRect.width);
      startTransition(() => setWidth(next));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
