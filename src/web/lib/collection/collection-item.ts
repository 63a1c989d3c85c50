/**
 * One line of a collector's collection: a card (its exact title) in one grade, how many, and
 * optionally what one copy cost, when it was bought and a note. Kept in the browser only.
 */
export interface CollectionItem {
  id: string;
  title: string;
  /** Canonical grade (`PSA 10`, `Raw`). */
  grade: string;
  quantity: number;
  /** What one copy cost, in USD; null when not given. */
  cost: number | null;
  /** YYYY-MM-DD; null when not given. */
  acquired: string | null;
  note: string;
}

export type CollectionDraft = Omit<CollectionItem, 'id'>;

/** The key of a card in a grade: what one value call answers. */
export const pairKey = (item: { title: string; grade: string }): string => `${item.grade}\u0000${item.title}`;

export const newItemId = (): string =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
