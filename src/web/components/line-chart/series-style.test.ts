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

  it("keeps a category's colour wherever it is drawn", () => {
    expect(seriesStyle(0, 'magic')).toEqual(seriesStyle(5, 'magic'));
    expect(seriesStyle(0, 'magic').color).toBe('light-dark(#6d28d9, #c4b5fd)');
  });
});
