import { describe, expect, it } from 'vitest';
import { EMPTY_GRADING_FIELDS, gradingParams, netOf, percentOf } from './grading-model';

describe('grading-model', () => {
  it('sends only the fields that hold a number, beside the card and grader', () => {
    expect(gradingParams('"Card"', EMPTY_GRADING_FIELDS)).toEqual({
      q: '"Card"',
      grader: 'PSA',
    });
    expect(
      gradingParams('"Card"', {
        grader: 'CGC',
        fee: '18.5',
        cost: ' 40 ',
        selling_pct: '',
        selling_fixed: '0',
      }),
    ).toEqual({
      q: '"Card"',
      grader: 'CGC',
      fee: 18.5,
      cost: 40,
      selling_fixed: 0,
    });
  });

  it('nets a price less selling costs and the fee', () => {
    // 1000 x (1 - 0.10) - 1 - 20 = 879
    expect(netOf(1000, { fee: 20, selling_pct: 10, selling_fixed: 1 })).toBe(879);
  });

  it('writes shares as percents with one decimal', () => {
    expect(percentOf(0.4677)).toBe('46.8 %');
    expect(percentOf(1)).toBe('100.0 %');
    expect(percentOf(0)).toBe('0.0 %');
  });
});
