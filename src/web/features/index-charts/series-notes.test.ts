import { describe, expect, it } from 'vitest';
import { seriesNotes } from './series-notes';

describe('series notes (honest history)', () => {
  it('says how many days a short series has, and names a series without data', () => {
    const notes = seriesNotes({
      names: ['pokemon', 'Base Set', 'Jungle'],
      coverage: [
        { days: 30, rangeDays: 30, first: '2026-06-01', last: '2026-06-30' },
        { days: 4, rangeDays: 30, first: '2026-06-20', last: '2026-06-30' },
        { days: 0, rangeDays: 30, first: null, last: null },
      ],
      bases: null,
      rangeFrom: '2026-06-01',
      hiddenOnLog: 0,
    });
    expect(notes).toEqual([
      'Base Set: data on 4 of 30 days, first on Jun 20, 2026; days without data are gaps.',
      'Jungle: no data in this range.',
    ]);
  });

  it('names a late rebase, a base of 0 and the zeros a log axis hides', () => {
    const notes = seriesNotes({
      names: ['a', 'b'],
      coverage: [
        { days: 10, rangeDays: 10, first: '2026-06-01', last: '2026-06-10' },
        { days: 10, rangeDays: 10, first: '2026-06-01', last: '2026-06-10' },
      ],
      bases: [
        { date: '2026-06-03', value: 12 },
        { date: '2026-06-01', value: 0 },
      ],
      rangeFrom: '2026-06-01',
      hiddenOnLog: 3,
    });
    expect(notes).toEqual([
      'a: rebased to 100 on Jun 3, 2026, its first day with data.',
      'b: cannot be rebased (0 on Jun 1, 2026).',
      'Log scale: 3 zero values cannot be placed and are left out of the drawing.',
    ]);
  });
});
