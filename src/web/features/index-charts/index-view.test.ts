import { describe, expect, it } from 'vitest';
import { DEFAULT_INDEX_VIEW, INDEX_URL, type IndexView, MAX_LABELS } from './index-view';

const read = (query: string) => INDEX_URL.read(new URLSearchParams(query));
const writeIndexView = INDEX_URL.write;

describe('index URL state', () => {
  it('reads the floor page link: one category and one of its labels', () => {
    const { view, problems } = read('category=pokemon&label=Base+Set');
    expect(problems).toEqual([]);
    expect(view).toEqual({ ...DEFAULT_INDEX_VIEW, categories: ['pokemon'], labels: ['Base Set'] });
  });

  it('shows the default view on a bare /index and writes nothing for it', () => {
    expect(read('')).toEqual({ view: DEFAULT_INDEX_VIEW, problems: [] });
    expect(writeIndexView(DEFAULT_INDEX_VIEW).toString()).toBe('');
  });

  it('round-trips every choice through the URL', () => {
    const views: IndexView[] = [
      {
        categories: ['magic', 'pokemon', 'yugioh'],
        labels: [],
        metric: 'total_value',
        range: { kind: 'preset', preset: '3M' },
        compare: true,
        scale: 'log',
        zoom: { from: '2026-09-01', to: '2026-10-15' },
      },
      {
        categories: ['baseball'],
        labels: ['1952 Topps', 'Bowman Chrome, 1st'],
        metric: 'floor_min',
        range: { kind: 'custom', from: '2026-06-01', to: '2026-08-31' },
        compare: false,
        scale: 'linear',
        zoom: null,
      },
      { ...DEFAULT_INDEX_VIEW, range: { kind: 'custom', from: '2026-07-01' }, metric: 'listings' },
    ];
    for (const view of views) {
      const url = writeIndexView(view).toString();
      expect(read(url)).toEqual({ view, problems: [] });
      expect(writeIndexView(read(url).view).toString()).toBe(url);
    }
  });

  it('ignores unknown categories, metrics and scales with a sentence each, keeping the rest', () => {
    const { view, problems } = read('category=pokemon&category=beanie&metric=mean&scale=cubic&range=3M');
    expect(view.categories).toEqual(['pokemon']);
    expect(view.metric).toBe('sales_index'); // the default: one listing cannot move it
    expect(view.scale).toBe('linear');
    expect(view.range).toEqual({ kind: 'preset', preset: '3M' });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toContain('"beanie"');
    expect(problems[0]).toContain('wrestling');
  });

  it('keeps labels to the first category when several are given', () => {
    const { view, problems } = read('category=magic&category=pokemon&label=Alpha');
    expect(view.categories).toEqual(['magic']);
    expect(view.labels).toEqual(['Alpha']);
    expect(problems).toEqual(['labels belong to one category; showing the labels of magic.']);
  });

  it('caps the labels, each of which costs a call', () => {
    const labels = Array.from({ length: MAX_LABELS + 2 }, (_, i) => `label=L${i}`).join('&');
    const { view, problems } = read(`category=pokemon&${labels}`);
    expect(view.labels).toHaveLength(MAX_LABELS);
    expect(problems[0]).toContain(`at most ${MAX_LABELS} labels`);
  });

  it('refuses malformed or inverted dates and zooms, falling back to the whole history', () => {
    expect(read('from=2026-13-01').view.range).toEqual({ kind: 'preset', preset: 'all' });
    expect(read('from=2026-13-01').problems).toEqual(['from must be a date as YYYY-MM-DD.']);
    expect(read('from=2026-09-01&to=2026-08-01').view.range).toEqual({ kind: 'preset', preset: 'all' });
    expect(read('range=2Y').problems[0]).toContain('range "2Y"');
    const zoom = read('zoom_from=2026-09-01&zoom_to=2026-08-01');
    expect(zoom.view.zoom).toBeNull();
    expect(zoom.problems).toHaveLength(1);
  });

  it('lets custom dates win over a preset', () => {
    expect(read('range=1M&from=2026-06-10').view.range).toEqual({ kind: 'custom', from: '2026-06-10' });
  });
});
