import { describe, expect, it } from 'vitest';
import { type IndexRequestParams, planIndexRequests, seriesOfView } from './index-request-plan';

const nothingCached = () => false;
const cachedOnly =
  (...fresh: IndexRequestParams[]) =>
  (params: IndexRequestParams) =>
    fresh.some((entry) => entry.category === params.category && entry.label === params.label);

describe('index request planner', () => {
  it('draws one category with that category only: one call', () => {
    const plan = planIndexRequests(seriesOfView({ categories: ['pokemon'], labels: [] }), nothingCached);
    expect(plan).toEqual({
      requests: [{ params: { category: 'pokemon' }, serves: ['category:pokemon'], cached: false }],
      calls: 1,
    });
  });

  it('draws several categories with one call without category', () => {
    const series = seriesOfView({ categories: ['pokemon', 'magic', 'yugioh'], labels: [] });
    const plan = planIndexRequests(series, nothingCached);
    expect(plan.calls).toBe(1);
    expect(plan.requests).toEqual([
      { params: {}, serves: ['category:pokemon', 'category:magic', 'category:yugioh'], cached: false },
    ]);
  });

  it('draws every category from a fresh all-categories answer for free', () => {
    const plan = planIndexRequests(seriesOfView({ categories: ['golf'], labels: [] }), cachedOnly({}));
    expect(plan).toEqual({ requests: [{ params: {}, serves: ['category:golf'], cached: true }], calls: 0 });
  });

  it('adds one category to cached ones with its own call, the smaller answer', () => {
    const series = seriesOfView({ categories: ['pokemon', 'magic'], labels: [] });
    const plan = planIndexRequests(series, cachedOnly({ category: 'pokemon' }));
    expect(plan.calls).toBe(1);
    expect(plan.requests.map((r) => [r.params.category, r.cached])).toEqual([
      ['pokemon', true],
      ['magic', false],
    ]);
  });

  it('needs one call per label: an index row has no label field to split a category answer by', () => {
    const series = seriesOfView({ categories: ['pokemon'], labels: ['Base Set', 'Jungle'] });
    expect(series.map((s) => s.name)).toEqual(['Base Set', 'Jungle']);
    const plan = planIndexRequests(series, cachedOnly({}, { category: 'pokemon' }));
    expect(plan.calls).toBe(2);
    expect(plan.requests.map((r) => r.params)).toEqual([
      { category: 'pokemon', label: 'Base Set' },
      { category: 'pokemon', label: 'Jungle' },
    ]);
  });

  it('costs nothing for labels already in the cache', () => {
    const series = seriesOfView({ categories: ['pokemon'], labels: ['Base Set', 'Jungle'] });
    const plan = planIndexRequests(series, cachedOnly({ category: 'pokemon', label: 'Jungle' }));
    expect(plan.calls).toBe(1);
    expect(plan.requests.map((r) => r.cached)).toEqual([false, true]);
  });
});
