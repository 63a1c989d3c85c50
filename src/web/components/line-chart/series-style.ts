/**
 * A colour (and, past the palette, a dash pattern) per series, stable by position, so 19 categories
 * stay tellable apart. Colours are the design tokens `--chart-1..10` with fallbacks chosen to read
 * on light and dark backgrounds.
 */
const FALLBACKS = [
  '#2f6fd0',
  '#d0621c',
  '#2b9a4a',
  '#c23b6f',
  '#7b5cc4',
  '#a07a12',
  '#1d9aa6',
  '#8a8f98',
  '#b8452e',
  '#5c8a1f',
] as const;
const DASHES = [undefined, '6 3', '2 3'] as const;

export type SeriesStyle = { color: string; dash: string | undefined };

export function seriesStyle(index: number): SeriesStyle {
  const slot = index % FALLBACKS.length;
  return {
    color: `var(--chart-${slot + 1}, ${FALLBACKS[slot]})`,
    dash: DASHES[Math.floor(index / FALLBACKS.length) % DASHES.length],
  };
}
