/**
 * Loading placeholder shaped like the content that is coming (rows of a table or a chart block).
 * Usage: <Skeleton label="Loading the floor" rows={8} />  or  <Skeleton label="…" variant="chart" />
 */
export interface SkeletonProps {
  label: string;
  rows?: number;
  variant?: 'rows' | 'chart';
}

export function Skeleton({ label, rows = 6, variant = 'rows' }: SkeletonProps) {
  return (
    <div className={`skeleton skeleton--${variant}`} role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      {variant === 'chart' ? (
        <div className="skeleton__block" aria-hidden="true" />
      ) : (
        Array.from({ length: rows }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder rows that never reorder
          <div key={index} className="skeleton__row" aria-hidden="true" />
        ))
      )}
    </div>
  );
}
