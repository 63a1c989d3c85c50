import type { Mover } from '../../../contract/resources';
import type { DirectionFilter } from './movers-view';

/**
 * The API returns the `limit` labels with the largest absolute change. The leaderboard lists them by
 * signed change: biggest rise first, biggest fall last ("all" and "up"); the "down" filter lists the
 * biggest fall first. Ties keep the API's order.
 */
export function moverRows(movers: readonly Mover[], direction: DirectionFilter): Mover[] {
  const kept = direction === 'all' ? [...movers] : movers.filter((mover) => mover.direction === direction);
  const sign = direction === 'down' ? 1 : -1;
  return kept.sort((a, b) => sign * (a.pct_change - b.pct_change));
}

/** Each bar's length as a fraction of the largest absolute change shown (0..1). */
export function barScale(movers: readonly Mover[]): (pctChange: number) => number {
  const largest = movers.reduce((max, mover) => Math.max(max, Math.abs(mover.pct_change)), 0);
  return (pctChange) => (largest === 0 ? 0 : Math.abs(pctChange) / largest);
}

/**
 * The mover's label: its index chart, and its cards (the card list of the label's words, filtered
 * to its category and label), never an unfiltered word search across categories.
 */
export function moverLinks(mover: Pick<Mover, 'category' | 'label'>): { index: string; cards: string } {
  const index = new URLSearchParams({ category: mover.category, label: mover.label });
  const cards = new URLSearchParams({ q: mover.label, category: mover.category, label: mover.label });
  return { index: `/index?${index}`, cards: `/card?${cards}` };
}
