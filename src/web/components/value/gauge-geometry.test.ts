import { describe, expect, it } from 'vitest';
import { arcPath, GAUGE, pointAt } from './gauge-geometry';

describe('gauge geometry', () => {
  it('puts 0 at the left, 50 at the top and 100 at the right', () => {
    expect(pointAt(0)).toEqual({ x: GAUGE.cx - GAUGE.radius, y: GAUGE.cy });
    expect(pointAt(50)).toEqual({ x: GAUGE.cx, y: GAUGE.cy - GAUGE.radius });
    expect(pointAt(100)).toEqual({ x: GAUGE.cx + GAUGE.radius, y: GAUGE.cy });
  });

  it('clamps scores outside 0..100', () => {
    expect(pointAt(-10)).toEqual(pointAt(0));
    expect(pointAt(140)).toEqual(pointAt(100));
  });

  it('draws a band as an arc between its two scores', () => {
    expect(arcPath(0, 50)).toBe('M 20 100 A 80 80 0 0 1 100 20');
  });
});
