import type { Category } from '../../../contract/categories';

/**
 * A colour (and, past the palette, a dash pattern) per series. A category has its own colour
 * wherever it is drawn, a light and a dark one (CSS light-dark(), following the theme), all 19
 * different; labels take the palette by position: the design tokens `--chart-1..10` with fallbacks
 * chosen to read on light and dark backgrounds.
 */
export const CATEGORY_COLOURS: Record<Category, readonly [light: string, dark: string]> = {
  baseball: ['#1d4ed8', '#60a5fa'],
  basketball: ['#f97316', '#fb923c'],
  combat: ['#881337', '#fb7185'],
  football: ['#15803d', '#4ade80'],
  golf: ['#4d7c0f', '#bef264'],
  highend: ['#a16207', '#facc15'],
  hockey: ['#0e7490', '#22d3ee'],
  magic: ['#6d28d9', '#c4b5fd'],
  misc: ['#78350f', '#d6a77a'],
  other: ['#475569', '#94a3b8'],
  pokemon: ['#dc2626', '#fca5a5'],
  racing: ['#0f766e', '#5eead4'],
  soccer: ['#3730a3', '#a5b4fc'],
  tcg: ['#a21caf', '#f0abfc'],
  tennis: ['#0369a1', '#7dd3fc'],
  vintage: ['#be185d', '#f9a8d4'],
  wnba: ['#262626', '#e5e5e5'],
  wrestling: ['#166534', '#86efac'],
  yugioh: ['#854d0e', '#fde68a'],
};
/** The chart tokens' fallbacks (`--chart-1..10`): the colours of lines with no colour of their own. */
export const CHART_FALLBACKS = [
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

export function seriesStyle(index: number, category?: Category): SeriesStyle {
  const slot = index % CHART_FALLBACKS.length;
  if (category !== undefined) {
    const [light, dark] = CATEGORY_COLOURS[category];
    return { color: `light-dark(${light}, ${dark})`, dash: undefined };
  }
  return {
    color: `var(--chart-${slot + 1}, ${CHART_FALLBACKS[slot]})`,
    dash: DASHES[Math.floor(index / CHART_FALLBACKS.length) % DASHES.length],
  };
}
