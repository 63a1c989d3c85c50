import { CATEGORIES, type Category, isCategory } from '../../../contract/categories';
import { MOVERS_LIMIT } from '../../../contract/params';

/**
 * The leaderboard's choices, as they sit in the URL: `/movers?category=pokemon&limit=50&direction=up`.
 * `category` and `limit` are the API's own parameters (validated with the contract's bounds before
 * any call); `direction` filters the answer in the browser, since the API has no such parameter.
 */
export const DIRECTIONS = ['all', 'up', 'down'] as const;
export type DirectionFilter = (typeof DIRECTIONS)[number];
const isDirection = (value: string): value is DirectionFilter =>
  (DIRECTIONS as readonly string[]).includes(value);

export type MoversView = { category: Category | null; limit: number; direction: DirectionFilter };
export const DEFAULT_MOVERS_VIEW: MoversView = {
  category: null,
  limit: MOVERS_LIMIT.default,
  direction: 'all',
};

export const LIMIT_HINT = `limit must be a whole number from ${MOVERS_LIMIT.min} to ${MOVERS_LIMIT.max} (default ${MOVERS_LIMIT.default}).`;

/** A valid whole number in the contract's bounds, or null. */
export function parseLimit(raw: string): number | null {
  if (!/^\s*\d{1,3}\s*$/.test(raw)) return null;
  const limit = Number(raw);
  return limit >= MOVERS_LIMIT.min && limit <= MOVERS_LIMIT.max ? limit : null;
}

export function readMoversView(search: URLSearchParams): { view: MoversView; problems: string[] } {
  const problems: string[] = [];
  const categoryRaw = search.get('category');
  const limitRaw = search.get('limit');
  const directionRaw = search.get('direction');
  if (categoryRaw !== null && !isCategory(categoryRaw)) {
    problems.push(
      `category "${categoryRaw}" is not one of: ${CATEGORIES.join(', ')}; showing every category.`,
    );
  }
  const limit = limitRaw === null ? MOVERS_LIMIT.default : parseLimit(limitRaw);
  if (limit === null) problems.push(`${LIMIT_HINT} Showing ${MOVERS_LIMIT.default}.`);
  if (directionRaw !== null && !isDirection(directionRaw)) {
    problems.push(`direction "${directionRaw}" is not all, up or down; showing all.`);
  }
  return {
    view: {
      category: categoryRaw !== null && isCategory(categoryRaw) ? categoryRaw : null,
      limit: limit ?? MOVERS_LIMIT.default,
      direction: directionRaw !== null && isDirection(directionRaw) ? directionRaw : 'all',
    },
    problems,
  };
}

export function writeMoversView(view: MoversView): URLSearchParams {
  const search = new URLSearchParams();
  if (view.category !== null) search.set('category', view.category);
  if (view.limit !== MOVERS_LIMIT.default) search.set('limit', String(view.limit));
  if (view.direction !== 'all') search.set('direction', view.direction);
  return search;
}
