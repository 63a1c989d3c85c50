import { describe, expect, it } from 'vitest';
import type { Mover } from '../../../contract/resources';
import { barScale, moverLinks, moverRows } from './movers-rows';

const mover = (label: string, pct: number): Mover => ({
  label,
  category: 'pokemon',
  current_avg: 100 + pct,
  prev_avg: 100,
  pct_change: pct,
  direction: pct >= 0 ? 'up' : 'down',
  n: 12,
});

// As the API sends them: by absolute change, largest first.
const answer = [mover('A', -40), mover('B', 30), mover('C', -20), mover('D', 10)];

describe('movers rows', () => {
  it('lists every mover by signed change: biggest rise first, biggest fall last', () => {
    expect(moverRows(answer, 'all').map((m) => m.label)).toEqual(['B', 'D', 'C', 'A']);
  });

  it('keeps only risers, biggest first', () => {
    expect(moverRows(answer, 'up').map((m) => m.pct_change)).toEqual([30, 10]);
  });

  it('keeps only fallers, biggest fall first', () => {
    expect(moverRows(answer, 'down').map((m) => m.pct_change)).toEqual([-40, -20]);
  });

  it('does not reorder the API answer it was given', () => {
    moverRows(answer, 'all');
    expect(answer.map((m) => m.label)).toEqual(['A', 'B', 'C', 'D']);
  });

  it('sizes bars against the largest absolute change shown', () => {
    const scale = barScale(answer);
    expect(scale(-40)).toBe(1);
    expect(scale(10)).toBe(0.25);
    expect(barScale([])(5)).toBe(0);
  });

  it('links a label to its index chart and to a prefilled value lookup', () => {
    expect(moverLinks({ category: 'pokemon', label: 'Base Set & Jungle' })).toEqual({
      index: '/index?category=pokemon&label=Base+Set+%26+Jungle',
      cards: '/card?q=Base+Set+%26+Jungle&category=pokemon&label=Base+Set+%26+Jungle',
    });
  });
});
