import { normalizeTitle } from '../../contract/card-query';
import type { CardRow } from '../store/market-reader';
import { editDistance } from '../text/edit-distance';
import { AnalyticsError } from './analytics-error';

/**
 * The `category` and `label` filters of the card operations (decisions.md, "Parameters"): only
 * cards of that category, and/or whose label equals `label` (case-insensitive, runs of white space
 * as one space), are matched. The catalogue of every card is made once per data version.
 */
export interface CardScope {
  category?: string | undefined;
  label?: string | undefined;
}

export interface CardCatalogue {
  byId: ReadonlyMap<number, CardRow>;
  /** Every (category, label) of the catalogue once, with the label's compare key. */
  labels: readonly { category: string; label: string; key: string }[];
}

/** How labels compare: lower case, runs of white space as one space. */
export const labelKey = (label: string): string => normalizeTitle(label);

export function cardCatalogue(rows: readonly CardRow[]): CardCatalogue {
  const byId = new Map<number, CardRow>();
  const seen = new Map<string, { category: string; label: string; key: string }>();
  for (const row of rows) {
    byId.set(row.id, row);
    const key = labelKey(row.label);
    const id = `${row.category}\u0000${row.label}`;
    if (!seen.has(id)) seen.set(id, { category: row.category, label: row.label, key });
  }
  return { byId, labels: [...seen.values()] };
}

const isScoped = (scope: CardScope) => scope.category !== undefined || scope.label !== undefined;

/** The cards of `ids` inside the scope (all of them when it has no filter). */
export function inScope(catalogue: CardCatalogue, ids: number[], scope: CardScope): number[] {
  if (!isScoped(scope)) return ids;
  const key = scope.label === undefined ? null : labelKey(scope.label);
  return ids.filter((id) => {
    const card = catalogue.byId.get(id);
    if (card === undefined) return false;
    if (scope.category !== undefined && card.category !== scope.category) return false;
    return key === null || labelKey(card.label) === key;
  });
}

/**
 * `no_match` when no card of the catalogue (of the category, when given) carries the label; its
 * hint names the nearest label (fewest edits, then the first in code-point order).
 */
export function requireLabel(catalogue: CardCatalogue, scope: CardScope): void {
  if (scope.label === undefined) return;
  const key = labelKey(scope.label);
  const candidates = catalogue.labels.filter(
    (entry) => scope.category === undefined || entry.category === scope.category,
  );
  if (candidates.some((entry) => entry.key === key)) return;
  const where = scope.category === undefined ? 'No card' : `No card of category ${scope.category}`;
  let best: { label: string; category: string; distance: number } | null = null;
  for (const entry of candidates) {
    const distance = editDistance(key, entry.key);
    if (
      best === null ||
      distance < best.distance ||
      (distance === best.distance && entry.label < best.label)
    ) {
      best = { label: entry.label, category: entry.category, distance };
    }
  }
  const nearest =
    best === null
      ? 'List the labels with /v1/categories?category=<category>.'
      : `The nearest label is "${best.label}" (${best.category}): send label=${best.label}.`;
  throw new AnalyticsError('no_match', `${where} carries the label "${scope.label}". ${nearest}`);
}
