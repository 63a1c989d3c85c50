import { describe, expect, it } from 'vitest';
import { compareGrades, GRADE_LADDER } from './grades';

describe('grade ladder order', () => {
  it('puts Raw first, then numbers ascending, graders alphabetical within a number', () => {
    expect(GRADE_LADDER.slice(0, 6)).toEqual(['Raw', 'BGS 1', 'CGC 1', 'PSA 1', 'SGC 1', 'TAG 1']);
    expect(GRADE_LADDER.slice(-5)).toEqual(['BGS 10', 'CGC 10', 'PSA 10', 'SGC 10', 'TAG 10']);
    expect(GRADE_LADDER).toHaveLength(1 + 5 * 19);
  });

  it('compares graders of one number without regard to the order given', () => {
    expect(compareGrades('PSA 9', 'BGS 9')).toBeGreaterThan(0);
    expect(compareGrades('BGS 9', 'PSA 9')).toBeLessThan(0);
    expect(compareGrades('PSA 9', 'PSA 9')).toBe(0);
    expect(compareGrades('TAG 8.5', 'BGS 9')).toBeLessThan(0);
  });
});
