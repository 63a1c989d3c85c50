import { describe, expect, it } from 'vitest';
import { matchLabels } from './label-filter';

const stat = (label: string, listings: number) => ({ label, avg: 1, median: 1, listings });
const stats = [stat('Base Set', 40), stat('Base Set 2', 12), stat('Jungle', 30), stat('Pokémon GO', 5)];

describe('matchLabels', () => {
  it('finds every typed word in any order, ignoring case, accents and punctuation', () => {
    expect(matchLabels(stats, 'set base', []).shown.map((s) => s.label)).toEqual(['Base Set', 'Base Set 2']);
    expect(matchLabels(stats, 'pokemon-go', []).shown.map((s) => s.label)).toEqual(['Pokémon GO']);
  });

  it('leaves out the charted labels, puts the most listed first and caps the list', () => {
    expect(matchLabels(stats, '', ['Jungle']).shown.map((s) => s.label)).toEqual([
      'Base Set',
      'Base Set 2',
      'Pokémon GO',
    ]);
    expect(matchLabels(stats, '', [], 2)).toEqual({ shown: [stats[0], stats[2]], total: 4 });
  });
});
