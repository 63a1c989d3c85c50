import { describe, expect, it } from 'vitest';
import { type CollectionItem, pairKey } from '../../lib/collection/collection-item';
import { collectionWorth, type PairValue, sameLine, samePairValue } from './collection-totals';

const item = (
  id: string,
  title: string,
  grade: string,
  quantity: number,
  cost: number | null,
): CollectionItem => ({
  id,
  title,
  grade,
  quantity,
  cost,
  acquired: null,
  note: '',
});

const valued = (
  value: number,
  low: number,
  high: number,
  sampleSize: number,
): Extract<PairValue, { status: 'valued' }> => ({
  status: 'valued',
  value,
  low,
  high,
  sampleSize,
  confidence: 50,
  windowDays: 90,
});

describe('collectionWorth', () => {
  const items = [
    item('a', 'Charizard', 'PSA 10', 2, 300),
    item('b', 'Charizard', 'PSA 9', 1, null),
    item('c', 'Blastoise', 'Raw', 3, 10.1),
    item('d', 'Venusaur', 'BGS 9.5', 1, 50),
  ];
  const values = new Map<string, PairValue>([
    [pairKey(items[0] as CollectionItem), valued(410.55, 380.1, 450.2, 12)],
    [pairKey(items[1] as CollectionItem), valued(120, 100, 130.5, 3)],
    [pairKey(items[2] as CollectionItem), valued(20.1, 18, 22.3, 40)],
    [pairKey(items[3] as CollectionItem), { status: 'no_sales' }],
  ]);
  const worth = collectionWorth(items, values);

  it('values each line at its grade times its quantity', () => {
    expect(worth.lines.map((line) => [line.value, line.low, line.high])).toEqual([
      [821.1, 760.2, 900.4],
      [120, 100, 130.5],
      [60.3, 54, 66.9],
      [null, null, null],
    ]);
  });

  it('totals the values, the lows and the highs of the valued lines', () => {
    // 821.10 + 120 + 60.30; lows 760.20 + 100 + 54; highs 900.40 + 130.50 + 66.90
    expect(worth.value).toBe(1001.4);
    expect(worth.low).toBe(914.2);
    expect(worth.high).toBe(1097.8);
    expect(worth.copies).toBe(7);
    expect(worth.valuedCopies).toBe(6);
    expect(worth.unvalued).toBe(1);
  });

  it('counts cost over lines with a cost and gain over lines with a cost and a value', () => {
    // costs: 600 + 30.30 + 50; gain: (821.10 - 600) + (60.30 - 30.30), against 630.30
    expect(worth.cost).toBe(680.3);
    expect(worth.costedLines).toBe(3);
    expect(worth.gain).toBe(251.1);
    expect(worth.gainBasis).toBe(630.3);
    expect(worth.lines.map((line) => line.gain)).toEqual([221.1, null, 30, null]);
  });

  it('flags values resting on fewer than 5 sales', () => {
    expect(worth.lines.map((line) => line.fewSales)).toEqual([false, true, false, false]);
    expect(worth.fewSales).toBe(1);
  });

  it('counts a line not answered yet as pending', () => {
    const pending = collectionWorth([item('e', 'Mew', 'PSA 8', 1, null)], new Map());
    expect(pending.pending).toBe(1);
    expect(pending.value).toBe(0);
  });
});

describe('sameLine', () => {
  const charizard = item('a', 'Charizard', 'PSA 10', 2, 300);
  const line = (it: CollectionItem, pair: PairValue) =>
    collectionWorth([it], new Map([[pairKey(it), pair]])).lines[0];
  const at = (it: CollectionItem, pair: PairValue) => line(it, pair) as NonNullable<ReturnType<typeof line>>;

  it('is the same for the same item and an equal answer, even as new objects', () => {
    expect(
      sameLine(
        at(charizard, valued(410.55, 380.1, 450.2, 12)),
        at(charizard, valued(410.55, 380.1, 450.2, 12)),
      ),
    ).toBe(true);
    expect(sameLine(at(charizard, { status: 'pending' }), at(charizard, { status: 'pending' }))).toBe(true);
    expect(sameLine(at(charizard, { status: 'no_sales' }), at(charizard, { status: 'no_sales' }))).toBe(true);
  });

  it('differs when the item is replaced (an edit) or the answer changes', () => {
    const edited = { ...charizard, quantity: 3 };
    expect(
      sameLine(at(charizard, valued(410.55, 380.1, 450.2, 12)), at(edited, valued(410.55, 380.1, 450.2, 12))),
    ).toBe(false);
    expect(
      sameLine(
        at(charizard, valued(410.55, 380.1, 450.2, 12)),
        at(charizard, valued(410.55, 380.1, 450.2, 4)),
      ),
    ).toBe(false);
    expect(
      sameLine(at(charizard, valued(410.55, 380.1, 450.2, 12)), at(charizard, valued(411, 380.1, 450.2, 12))),
    ).toBe(false);
    expect(sameLine(at(charizard, { status: 'pending' }), at(charizard, valued(411, 380.1, 450.2, 12)))).toBe(
      false,
    );
    expect(sameLine(at(charizard, { status: 'pending' }), at(charizard, { status: 'no_sales' }))).toBe(false);
  });

  it('compares a failure by its message', () => {
    expect(samePairValue({ status: 'failed', message: 'a' }, { status: 'failed', message: 'a' })).toBe(true);
    expect(samePairValue({ status: 'failed', message: 'a' }, { status: 'failed', message: 'b' })).toBe(false);
  });
});

describe('collectionWorth with estimates of the next sale', () => {
  const items = [
    item('a', 'Mantle #311', 'PSA 6', 2, 30000),
    item('b', 'Black Lotus', 'PSA 8', 1, null),
    item('c', 'Luka #280', 'PSA 10', 1, null),
  ];
  const next = { estimate: 30500.5, low: 26000, high: 35250.25, level: 80, sales_used: 14 };
  const values = new Map<string, PairValue>([
    [pairKey(items[0] as CollectionItem), { ...valued(31000, 29000, 33000, 14), nextSale: next }],
    // Two sales in 365 days: no estimate.
    [pairKey(items[1] as CollectionItem), { ...valued(12000, 11000, 13000, 2), nextSale: null }],
    [pairKey(items[2] as CollectionItem), { status: 'no_sales' }],
  ]);
  const worth = collectionWorth(items, values);

  it('values a line at its estimate, a line without one at its median, out of the range', () => {
    expect(worth.range).toBe('next-sale');
    expect(worth.lines.map((line) => [line.value, line.estimated, line.low, line.high])).toEqual([
      [61001, true, 52000, 70500.5],
      [12000, false, null, null],
      [null, false, null, null],
    ]);
  });

  it("totals every valued line, sums the lines' 80 % ranges, and names the lines left out of the range", () => {
    // 2 x 30,500.50 + 12,000; range 2 x 26,000 to 2 x 35,250.25, the Lotus left out.
    expect(worth.value).toBe(73001);
    expect([worth.low, worth.high]).toEqual([52000, 70500.5]);
    expect(worth.outOfRange.map((line) => line.item.title)).toEqual(['Black Lotus']);
    // The gain is on the estimate: 61,001 - 2 x 30,000.
    expect(worth.gain).toBe(1001);
  });

  it('tells a changed estimate from the same one', () => {
    const a = { ...valued(1, 1, 1, 5), nextSale: next };
    expect(samePairValue(a, { ...a, nextSale: { ...next } })).toBe(true);
    expect(samePairValue(a, { ...a, nextSale: { ...next, high: 36000 } })).toBe(false);
    expect(samePairValue(a, { ...a, nextSale: null })).toBe(false);
  });
});
