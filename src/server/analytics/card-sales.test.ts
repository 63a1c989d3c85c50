import { describe, expect, it } from 'vitest';
import { intersectAscending } from './card-sales';

describe('intersectAscending', () => {
  it('keeps the ids every list holds, ascending', () => {
    expect(
      intersectAscending([
        [1, 3, 5, 7, 9],
        [3, 4, 5, 9],
        [0, 3, 9, 12],
      ]),
    ).toEqual([3, 9]);
    expect(intersectAscending([[2, 4, 6]])).toEqual([2, 4, 6]);
    expect(
      intersectAscending([
        [1, 2],
        [3, 4],
      ]),
    ).toEqual([]);
    expect(intersectAscending([[1, 2], []])).toEqual([]);
    expect(intersectAscending([])).toEqual([]);
  });
});
