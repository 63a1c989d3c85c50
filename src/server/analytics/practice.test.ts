import { describe, expect, it } from 'vitest';
import { AnalyticsError } from './analytics-error';
import { catalogueWords } from './catalogue-words';
import type { MarketAnalytics } from './market-analytics';
import { practise } from './practice';

/** Analytics that record each q-driven question and answer no_match to those of several words. */
function recording(failWith?: Error) {
  const asked: string[] = [];
  const answer = (operation: string) => async (params: { q: string }) => {
    asked.push(`${operation} ${params.q}`);
    if (failWith !== undefined) throw failWith;
    if (params.q.includes(' '))
      throw new AnalyticsError('no_match', 'No card title contains all of the words.');
    return {};
  };
  const analytics = {
    enrichedValue: answer('v3'),
    value: answer('value'),
    history: answer('history'),
    sold: answer('sold'),
    cards: answer('cards'),
  } as unknown as MarketAnalytics;
  return { analytics, asked };
}

describe('practise', () => {
  it('asks the commonest word of every q-driven operation, then all of them together, past no_match', async () => {
    const words = catalogueWords([
      'Topps Chrome Judge',
      'Topps Chrome Ohtani',
      'Topps Heritage Judge',
    ]).commonest(2);
    expect(words).toEqual(['topps', 'chrome']);
    const { analytics, asked } = recording();
    await practise(analytics, words);
    expect(asked).toEqual([
      'v3 topps',
      'v3 topps',
      'history topps',
      'sold topps',
      'cards topps',
      'v3 topps chrome',
    ]);
  });

  it('asks nothing of an empty catalogue, and passes on an error other than no_match', async () => {
    const { analytics, asked } = recording();
    await practise(analytics, []);
    expect(asked).toEqual([]);
    const failing = recording(new Error('disk I/O error'));
    await expect(practise(failing.analytics, ['topps'])).rejects.toThrow('disk I/O error');
  });
});
