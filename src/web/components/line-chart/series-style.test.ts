import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../../contract/categories';
import { CATEGORY_COLOURS, seriesStyle } from './series-style';

describe('series colours', () => {
  it('gives every category its own colour, in light and in dark', () => {
    const light = CATEGORIES.map((category) => CATEGORY_COLOURS[category][0]);
    const dark = CATEGORIES.map((category) => CATEGORY_COLOURS[category][1]);
    expect(new Set(light).size).toBe(19);
    expect(new Set(dark).size).toBe(19);
    // The issue: basketball and magic were one purple.
    expect(seriesStyle(1, 'basketball').color).not.toBe(seriesStyle(7, 'magic').color);
  });

  it('tells basketball from pokemon at a glance: CIE76 colour difference of 30 or more, in light and dark', () => {
    const lab = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => {
        const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
        return c > 0.04045 ? ((c + 0.055) / 1.055) ** 2.4 : c / 12.92;
      }) as [number, number, number];
      const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
      const x = f((r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047);
      const y = f(r * 0.2126 + g * 0.7152 + b * 0.0722);
      const z = f((r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883);
      return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
    };
    const difference = (a: string, b: string) =>
      Math.hypot(...lab(a).map((v, i) => v - (lab(b)[i] as number)));
    // Before: #c2410c against #dc2626, 18.8: nearly one red.
    expect(difference('#c2410c', '#dc2626')).toBeLessThan(20);
    for (const theme of [0, 1] as const)
      expect(
        difference(CATEGORY_COLOURS.basketball[theme], CATEGORY_COLOURS.pokemon[theme]),
      ).toBeGreaterThanOrEqual(30);
  });

  it("keeps a category's colour wherever it is drawn", () => {
    expect(seriesStyle(0, 'magic')).toEqual(seriesStyle(5, 'magic'));
    expect(seriesStyle(0, 'magic').color).toBe('light-dark(#6d28d9, #c4b5fd)');
  });
});
