import { describe, expect, it } from 'vitest';
import { planIndexRequests, seriesOfView } from './index-request-plan';
import { requestCostSummary } from './request-cost';

describe('request cost summary', () => {
  it('says one call draws several categories', () => {
    const plan = planIndexRequests(
      seriesOfView({ categories: ['golf', 'tennis', 'wnba'], labels: [] }),
      () => false,
    );
    expect(requestCostSummary(plan, 3)).toBe(
      '1 request for 3 series: 1 new call. Changing the range, zoom or scale, or between listing metrics, costs no call; the sales index is one call of its own.',
    );
  });

  it('counts labels one call each, and cached answers as free', () => {
    const series = seriesOfView({ categories: ['pokemon'], labels: ['Base Set', 'Jungle', 'Fossil'] });
    const plan = planIndexRequests(series, (params) => params.label === 'Jungle');
    expect(requestCostSummary(plan, 3)).toBe(
      '3 requests for 3 series: 2 new calls, 1 from the cache (0 calls). Changing the range, zoom or scale, or between listing metrics, costs no call; the sales index is one call of its own.',
    );
  });
});
