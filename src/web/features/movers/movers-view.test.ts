import { describe, expect, it } from 'vitest';
import { DEFAULT_MOVERS_VIEW, LIMIT_HINT, MOVERS_URL, parseLimit } from './movers-view';

const read = (query: string) => MOVERS_URL.read(new URLSearchParams(query));
const writeMoversView = MOVERS_URL.write;

describe('movers URL state', () => {
  it('defaults to every category, 25 rows, both directions, and writes nothing for that', () => {
    expect(read('')).toEqual({ view: DEFAULT_MOVERS_VIEW, problems: [] });
    expect(writeMoversView(DEFAULT_MOVERS_VIEW).toString()).toBe('');
  });

  it('round-trips every choice', () => {
    const view = {
      ...DEFAULT_MOVERS_VIEW,
      category: 'pokemon' as const,
      limit: 100,
      direction: 'down' as const,
    };
    const url = writeMoversView(view).toString();
    expect(url).toBe('category=pokemon&limit=100&direction=down');
    expect(read(url)).toEqual({ view, problems: [] });
    const cards = { ...view, show: 'cards' as const, days: 7, grade: 'PSA 10', label: 'Base Set' };
    const cardsUrl = writeMoversView(cards).toString();
    expect(cardsUrl).toBe(
      'category=pokemon&limit=100&direction=down&show=cards&days=7&grade=PSA+10&label=Base+Set',
    );
    expect(read(cardsUrl)).toEqual({ view: cards, problems: [] });
    // A grade as typed reads as its canonical form; days other than 7, 30, 90 fall back with a sentence.
    expect(read('show=cards&grade=psa9').view.grade).toBe('PSA 9');
    expect(read('show=cards&days=14').problems).toEqual(['days "14" is not 7, 30 or 90; showing 30.']);
  });

  it('accepts limits 1..100 only, naming the bounds', () => {
    expect(parseLimit('1')).toBe(1);
    expect(parseLimit('100')).toBe(100);
    for (const bad of ['0', '101', '2.5', '-3', 'ten', '']) expect(parseLimit(bad)).toBeNull();
    expect(read('limit=500')).toEqual({ view: DEFAULT_MOVERS_VIEW, problems: [`${LIMIT_HINT} Showing 25.`] });
  });

  it('ignores an unknown category or direction with a sentence each', () => {
    const { view, problems } = read('category=beanies&direction=sideways&limit=10');
    expect(view).toEqual({ ...DEFAULT_MOVERS_VIEW, limit: 10 });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('"beanies"');
  });
});
