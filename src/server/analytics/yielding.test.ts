import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../store/sqlite/database';
import { createMarketReader } from '../store/sqlite/sqlite-market-reader';
import { YIELD_FROM_SALES } from './card-sales';
import { ingestText } from './testing/hand-market';
import { type BoundOperations, operationsOn } from './testing/operations-on';

const DAY = 86_400_000;
const AS_OF = Date.parse('2026-07-01T12:00:00Z');
const JUDGE = 'baseball,Topps Chrome,2017 Topps Chrome Aaron Judge #169 RC';
const TROUT = 'baseball,Topps Update,2011 Topps Update Mike Trout #US175 RC';

/** `count` sales of one card, one every 10 minutes back from AS_OF (under 70 days for 10,000). */
function sales(prefix: string, card: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const soldAt = new Date(AS_OF - i * (DAY / 144)).toISOString();
    return `${prefix}-${i},${soldAt},${card},${i % 2 === 0 ? 'PSA 10' : 'PSA 9'},${100 + (i % 50)}.00`;
  });
}

/**
 * Whether the question gives the event loop a turn before it answers: a setImmediate queued just
 * before it has run by the time the answer comes only if the question yielded (the store's reads
 * are synchronous, so nothing else lets it run).
 */
async function yields(question: () => Promise<unknown>): Promise<boolean> {
  let turned = false;
  setImmediate(() => {
    turned = true;
  });
  await question();
  return turned;
}

describe('yielding between the steps of a question', () => {
  let db: Db;
  let analytics: BoundOperations;
  beforeAll(async () => {
    db = openDatabase(':memory:');
    // Judge: exactly the threshold of sales in 365 days; Trout: one fewer.
    await ingestText(
      db,
      'sales',
      'sales.csv',
      [
        'source_id,sold_at,category,label,title,grade,price',
        ...sales('judge', JUDGE, YIELD_FROM_SALES),
        ...sales('trout', TROUT, YIELD_FROM_SALES - 1),
      ].join('\n'),
    );
    analytics = operationsOn(createMarketReader(db));
  });
  afterAll(() => db.close());

  it('value, v3 value and history yield on a question of YIELD_FROM_SALES sales', async () => {
    expect(await yields(() => analytics.value({ q: 'judge' }))).toBe(true);
    expect(await yields(() => analytics.enrichedValue({ q: 'judge' }))).toBe(true);
    expect(await yields(() => analytics.history({ q: 'judge', interval: 'week' }))).toBe(true);
  });

  it('and answer a question of one sale fewer without a turn of the event loop', async () => {
    // The loads of the sale columns and catalogue are done by the first question.
    await analytics.value({ q: 'trout' });
    expect(await yields(() => analytics.value({ q: 'trout' }))).toBe(false);
    expect(await yields(() => analytics.enrichedValue({ q: 'trout' }))).toBe(false);
    expect(await yields(() => analytics.sold({ q: 'trout', days: 365 }))).toBe(false);
    expect(await yields(() => analytics.history({ q: 'trout', interval: 'week' }))).toBe(false);
  });
});
