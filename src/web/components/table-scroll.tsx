import type { ReactNode } from 'react';

/**
 * A table that may scroll sideways on a narrow screen. The scrolling region is focusable and named,
 * so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <section className="table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
