import { describe, expect, it } from 'vitest';
import { editDistance } from './edit-distance';

describe('editDistance (optimal string alignment)', () => {
  it('counts insertions, deletions, substitutions and adjacent transpositions as one edit each', () => {
    expect(editDistance('charzard', 'charizard')).toBe(1); // insertion
    expect(editDistance('grade', 'grde')).toBe(1); // deletion
    expect(editDistance('jordon', 'jordan')).toBe(1); // substitution
    expect(editDistance('dyas', 'days')).toBe(1); // transposition
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });

  it('gives up at the cap, never answering less than the true distance', () => {
    expect(editDistance('kitten', 'sitting', 2)).toBe(2);
    expect(editDistance('kitten', 'sitting', 4)).toBe(3);
    expect(editDistance('abcdefgh', 'zyxwvuts', 3)).toBe(3);
    expect(editDistance('ab', 'ba', 2)).toBe(1);
  });
});
