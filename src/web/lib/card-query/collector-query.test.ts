import { describe, expect, it } from 'vitest';
import { changeSentence, collectorSearch, expandShorthand, extractGrade } from './collector-query';

describe('extractGrade', () => {
  it('finds a grade typed as two words, one word or Raw, anywhere in q', () => {
    expect(extractGrade('charizard base set psa 10')).toEqual({
      q: 'charizard base set',
      grade: 'PSA 10',
      typed: 'psa 10',
    });
    expect(extractGrade('BGS9.5 jordan fleer')).toMatchObject({ q: 'jordan fleer', grade: 'BGS 9.5' });
    expect(extractGrade('charizard raw')).toMatchObject({ q: 'charizard', grade: 'Raw' });
  });

  it('leaves numbers that are not grades, a grade alone and exact titles alone', () => {
    expect(extractGrade('jordan #57 1986 fleer')).toBeNull();
    expect(extractGrade('psa 10')).toBeNull();
    expect(extractGrade('"Charizard PSA 10"')).toBeNull();
    expect(extractGrade('tag team')).toBeNull();
  });
});

describe('expandShorthand', () => {
  it('writes shorthand as titles do, whole words only, any case', () => {
    expect(expandShorthand('jordan Rookie fleer')).toEqual({
      q: 'jordan RC fleer',
      changes: [{ kind: 'shorthand', from: 'Rookie', to: 'RC' }],
    });
    expect(expandShorthand('gretzky opc').q).toBe('gretzky O-Pee-Chee');
    expect(expandShorthand('charizard first edition').q).toBe('charizard 1st Edition');
    expect(expandShorthand('rookies2 opcs')).toEqual({ q: 'rookies2 opcs', changes: [] });
  });
});

describe('collectorSearch', () => {
  it('moves the grade into an empty grade field and expands shorthand, naming each change', () => {
    const { search, changes } = collectorSearch({ q: 'jordan rookie psa 9', grade: '', days: '30' });
    expect(search).toEqual({ q: 'jordan RC', grade: 'PSA 9', days: '30' });
    expect(changes.map(changeSentence)).toEqual([
      '“psa 9” moved to the grade field as PSA 9.',
      '“rookie” searched as “RC”, as titles write it.',
    ]);
  });

  it('keeps a different grade already in the grade field, and the grade words in q', () => {
    expect(collectorSearch({ q: 'charizard psa 10', grade: 'BGS 9' }).search).toEqual({
      q: 'charizard psa 10',
      grade: 'BGS 9',
    });
  });
});
