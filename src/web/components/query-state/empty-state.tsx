import type { ReactNode } from 'react';

/**
 * What a panel shows when the API answered fine but with nothing in it.
 * Usage: <EmptyState title="No movers this week">Labels need 5 sales in both windows.</EmptyState>
 */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state-panel state-panel--empty">
      <p className="state-panel__title">{title}</p>
      {children ? <div className="state-panel__body">{children}</div> : null}
    </div>
  );
}
