/**
 * A diverging bar for one percentage change: rises grow right of the centre line, falls grow left.
 * `share` is the change's length against the largest change shown (0..1). Decorative: the figure
 * beside it carries the value for screen readers.
 */
export function PctChangeBar({ pctChange, share }: { pctChange: number; share: number }) {
  const direction = pctChange >= 0 ? 'up' : 'down';
  return (
    <span className="pct-bar" aria-hidden="true">
      <span
        className={`pct-bar__fill pct-bar__fill--${direction}`}
        style={{ width: `${(share * 50).toFixed(2)}%` }}
      />
    </span>
  );
}
