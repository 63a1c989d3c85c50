import { z } from 'zod/mini';
import { CATEGORIES, type Category } from '../../../contract/categories';
import { MOVERS_LIMIT } from '../../../contract/param-limits';
import { type UrlSchema, urlSchema } from '../../lib/url-state/url-schema';

/**
 * The leaderboard's choices, as they sit in the URL: `/movers?category=pokemon&limit=50&direction=up`.
 * `category` and `limit` are the API's own parameters (validated with the contract's bounds before
 * any call); `direction` filters the answer in the browser, since the API has no such parameter.
 */
export const DIRECTIONS = ['all', 'up', 'down'] as const;
export type DirectionFilter = (typeof DIRECTIONS)[number];

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

/** The movers' URL state (url-schema.ts): the view, and a sentence for each parameter it ignored. */
export const MOVERS_URL = urlSchema({
  category: z._default(
    z.nullable(
      z.enum(CATEGORIES, {
        error: (issue) =>
          `category "${String(issue.input)}" is not one of: ${CATEGORIES.join(', ')}; showing every category.`,
      }),
    ),
    null,
  ),
  limit: z._default(
    z.pipe(
      z
        .string()
        .check(
          z.refine((text) => parseLimit(text) !== null, `${LIMIT_HINT} Showing ${MOVERS_LIMIT.default}.`),
        ),
      z.transform((text: string) => Number(text)),
    ),
    MOVERS_LIMIT.default,
  ),
  direction: z._default(
    z.enum(DIRECTIONS, {
      error: (issue) => `direction "${String(issue.input)}" is not all, up or down; showing all.`,
    }),
    'all',
  ),
}) satisfies UrlSchema<MoversView>;
