import { describe, expect, it } from 'vitest';
import type { CardSummary } from '../../../contract/resources';
import { cardSpanOf } from './card-span';

const card = (title: string, sales_365d: number, grades: string[]): CardSummary => ({
  title,
  category: 'basketball',
  label: '1986 Fleer',
  sales_90d: 0,
  sales_365d,
  sales_value_365d: sales_365d * 100,
  last_sale_date: null,
  grades,
});

describe('how many cards a value spans', () => {
  const cards = [card('Jordan #57', 40, ['PSA 8', 'PSA 10']), card('Jordan Sticker #8', 9, ['PSA 8'])];

  it('is several when two cards of the list have sales, with the list cut short or not', () => {
    expect(cardSpanOf({ query: 'jordan', total: 2, cards }, undefined)).toEqual({
      kind: 'several',
      cards: 2,
      more: false,
    });
    expect(cardSpanOf({ query: 'jordan', total: 30, cards }, undefined)).toEqual({
      kind: 'several',
      cards: 2,
      more: true,
    });
  });

  it('counts only the cards that sold in the grade asked for, and never a card without a sale', () => {
    expect(cardSpanOf({ query: 'jordan', total: 2, cards }, 'PSA 10')).toEqual({ kind: 'one' });
    expect(cardSpanOf({ query: 'jordan', total: 2, cards }, 'PSA 8').kind).toBe('several');
    const unsold = [cards[0] as CardSummary, card('Jordan Promo', 0, [])];
    expect(cardSpanOf({ query: 'jordan', total: 2, cards: unsold }, undefined)).toEqual({ kind: 'one' });
  });
});
