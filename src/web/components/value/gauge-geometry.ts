/**
 * Geometry of a half-circle gauge: score 0 at the left end, 100 at the right, drawn in an SVG
 * whose centre is (CENTER_X, CENTER_Y).
 */
export const GAUGE = { cx: 100, cy: 100, radius: 80, width: 18 } as const;

export type Point = { x: number; y: number };

const round = (value: number): number => Math.round(value * 100) / 100;

/** The point at `score` (0..100, clamped) on a circle of `radius` around the gauge's centre. */
export function pointAt(score: number, radius: number = GAUGE.radius): Point {
  const clamped = Math.min(100, Math.max(0, score));
  const angle = Math.PI * (1 - clamped / 100);
  return { x: round(GAUGE.cx + radius * Math.cos(angle)), y: round(GAUGE.cy - radius * Math.sin(angle)) };
}

/** An SVG arc path along the gauge from one score to another (clockwise, over the top). */
export function arcPath(fromScore: number, toScore: number, radius: number = GAUGE.radius): string {
  const start = pointAt(fromScore, radius);
  const end = pointAt(toScore, radius);
  return `M ${start.x} ${start.y} A ${radius} ${radius} 0 0 1 ${end.x} ${end.y}`;
}
