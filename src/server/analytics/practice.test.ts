import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { AnalyticsError } from './analytics-error';
import { catalogueWords } from './catalogue-words';
import type { MarketContext } from './market-context';
import type { OperationTable } from './operations';
import { askInOrder, practiceQuestions, requestActivity } from './practice';

/** Analytics that record each q-driven question and answer no_match to those of several words. */
function recording(failWith?: Error) {
  const asked: string[] = [];
  const answer =
    (operation: string) => async (_ctx: MarketContext, params: { q: string; min_price?: number }) => {
      asked.push(`${operation} ${params.q}${params.min_price === undefined ? '' : ' band'}`);
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
  } as unknown as OperationTable;
  return { analytics, asked };
}

/** The practice only hands the context on to the operations. */
const ctx = {} as MarketContext;

describe('practice questions', () => {
  it('asks the commonest word of every q-driven operation, all of them together past no_match, then the commonest word again', async () => {
    const words = catalogueWords([
      'Topps Chrome Judge',
      'Topps Chrome Ohtani',
      'Topps Heritage Judge',
    ]).commonest(2);
    expect(words).toEqual(['topps', 'chrome']);
    const { analytics, asked } = recording();
    expect(await askInOrder(practiceQuestions(ctx, words, analytics))).toEqual([]);
    const round = ['v3 topps band', 'v3 topps', 'history topps', 'cards topps', 'sold topps', 'value topps'];
    expect(asked).toEqual([...round, 'value topps chrome', ...round]);
  });

  it('stops once its time is up, checked before each question, and gives back those not asked', async () => {
    const { analytics, asked } = recording();
    const questions = practiceQuestions(ctx, ['topps', 'chrome'], analytics);
    // Each reading of the clock 10 ms later: the third reading is at 20, the time allowed.
    let clock = -10;
    const left = await askInOrder(questions, {
      until: 20,
      now: () => {
        clock += 10;
        return clock;
      },
    });
    expect(asked).toEqual(['v3 topps band', 'v3 topps']);
    expect(left).toHaveLength(11);
    expect(await askInOrder(left)).toEqual([]);
    expect(asked.slice(2, 8)).toEqual([
      'history topps',
      'cards topps',
      'sold topps',
      'value topps',
      'value topps chrome',
      'v3 topps band',
    ]);
    expect(asked).toHaveLength(13);
  });

  it('asks nothing of an empty catalogue, and passes on an error other than no_match', async () => {
    const { analytics, asked } = recording();
    expect(practiceQuestions(ctx, [], analytics)).toEqual([]);
    expect(asked).toEqual([]);
    const failing = recording(new Error('disk I/O error'));
    await expect(askInOrder(practiceQuestions(ctx, ['topps'], failing.analytics))).rejects.toThrow(
      'disk I/O error',
    );
  });

  it('waits before each question as told, and idle() waits for no request in flight for idleMs', async () => {
    const activity = requestActivity(40);
    const response = new EventEmitter();
    const started = performance.now();
    activity.seen({}, response);
    const idle = activity.idle().then(() => performance.now());
    await new Promise((done) => setTimeout(done, 60));
    const finishing = performance.now();
    response.emit('close');
    // Not before the request ended (after `finishing`) and then 40 ms passed without one.
    expect(await idle).toBeGreaterThanOrEqual(finishing + 40);
    expect(finishing - started).toBeGreaterThanOrEqual(59);

    const { analytics, asked } = recording();
    const order: string[] = [];
    await askInOrder(practiceQuestions(ctx, ['topps'], analytics).slice(0, 2), {
      before: async () => {
        order.push(`before ${asked.length}`);
      },
    });
    expect(order).toEqual(['before 0', 'before 1']);
    expect(asked).toEqual(['v3 topps band', 'v3 topps']);
  });
});
