/** What recharts passes to a tick function (the parts used here). */
export interface TickProps {
  x?: number | string;
  y?: number | string;
  index?: number;
  textAnchor?: string;
  verticalAnchor?: string;
  payload?: { value?: unknown };
  tickFormatter?: (value: never, index: number) => string;
}

/**
 * An axis label as a plain SVG `<text>`. Recharts' own `<Text>` measures every label's words in the
 * page to wrap them (one forced layout each: 75 ms of one render of the index chart at 4x CPU), and
 * these labels never wrap. Placed as recharts places one line: `start` hangs below `y` (cap height),
 * `middle` is centred on it.
 */
export function plainTick({
  x,
  y,
  index = 0,
  textAnchor,
  verticalAnchor,
  payload,
  tickFormatter,
}: TickProps) {
  const value = payload?.value;
  const text = tickFormatter ? tickFormatter(value as never, index) : String(value ?? '');
  const dy = verticalAnchor === 'start' ? '0.71em' : verticalAnchor === 'middle' ? '0.355em' : undefined;
  return (
    <text
      x={x}
      y={y}
      dy={dy}
      textAnchor={textAnchor as 'start' | 'middle' | 'end' | undefined}
      fill="var(--text-muted, #555)"
      fontSize={12}
      className="recharts-text recharts-cartesian-axis-tick-value"
    >
      {text}
    </text>
  );
}
