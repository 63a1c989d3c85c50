import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type CollectionItem, pairKey } from '../../lib/collection/collection-item';
import { CollectionSummary } from './collection-summary';
import { collectionWorth, type PairValue } from './collection-totals';

afterEach(cleanup);

const item = (id: string, title: string, grade: string): CollectionItem => ({
  id,
  title,
  grade,
  quantity: 1,
  cost: null,
  acquired: null,
  note: '',
});
const pair = (value: number, estimate: number | null): PairValue => ({
  status: 'valued',
  value,
  low: value,
  high: value,
  sampleSize: 8,
  confidence: 40,
  windowDays: 365,
  nextSale:
    estimate === null
      ? null
      : { estimate, low: estimate - 100, high: estimate + 150, level: 80, sales_used: 8 },
});

describe('CollectionSummary', () => {
  it('names the total and its range for what they sum, and the lines the range leaves out', () => {
    const items = [item('a', 'Luka #280', 'PSA 10'), item('b', 'Mantle #311', 'PSA 6')];
    const worth = collectionWorth(
      items,
      new Map([
        [pairKey(items[0] as CollectionItem), pair(700, 650)],
        [pairKey(items[1] as CollectionItem), pair(180000, null)],
      ]),
    );
    render(<CollectionSummary worth={worth} />);
    expect(screen.getByText('Total value (sum of the estimates)').nextSibling).toHaveTextContent(
      '$180,650.00',
    );
    expect(screen.getByTestId('collection-range')).toHaveTextContent('$550.00-$800.00');
    expect(screen.getByTestId('collection-worth-note')).toHaveTextContent(
      'Too few sales for an estimate, so counted at the median of their sales and left out of the range: Mantle #311 (PSA 6).',
    );
  });

  it('says the range is empty, rather than $0, when no line has an estimate', () => {
    const items = [item('b', 'Mantle #311', 'PSA 6')];
    render(
      <CollectionSummary
        worth={collectionWorth(items, new Map([[pairKey(items[0] as CollectionItem), pair(180000, null)]]))}
      />,
    );
    expect(screen.getByTestId('collection-range')).toHaveTextContent('none: no line has an estimate');
  });
});
