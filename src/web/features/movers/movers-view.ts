import { z } from 'zod/mini';
import { CATEGORIES, type Category } from '../../../contract/categories';
import { CARD_MOVERS_DAYS, CARD_MOVERS_DEFAULT_DAYS, MOVERS_LIMIT } from '../../../contract/param-limits';
import { gradeForField } from '../../lib/card-query/check-search';
import { type UrlSchema, urlSchema } from '../../lib/url-state/url-schema';

/**
 * The leaderboard's choices, as they sit in the URL: `/movers?category=pokemon&limit=50&direction=up`;
 * `show=cards` ranks cards in one grade (`/v1/card-movers`, with its `days`, `grade` and `label`)
 * instead of labels.
 * `category` and `limit` are the API's own parameters (validated with the contract's bounds before
 * any call); `direction` filters the answer in the browser, since the API has no such parameter.
 */
export const DIRECTIONS = ['all', 'up', 'down'] as const;
export type DirectionFilter = (typeof DIRECTIONS)[number];

export const MOVERS_SHOWS = ['labels', 'cards'] as const;
export type MoversShow = (typeof MOVERS_SHOWS)[number];
export const CARD_MOVER_DAYS = CARD_MOVERS_DAYS.map(Number);

export type MoversView = {
  category: Category | null;
  limit: number;
  direction: DirectionFilter;
  show: MoversShow;
  days: number;
  grade: string;
  label: string;
};
export const DEFAULT_MOVERS_VIEW: MoversView = {
  category: null,
  limit: MOVERS_LIMIT.default,
  direction: 'all',
  show: 'labels',
  days: CARD_MOVERS_DEFAULT_DAYS,
  grade: '',
  label: '',
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
  show: z._default(
    z.enum(MOVERS_SHOWS, {
      error: (issue) => `show "${String(issue.input)}" is not labels or cards; showing labels.`,
    }),
    'labels',
  ),
  days: z._default(
    z.pipe(
      z.enum(CARD_MOVERS_DAYS, {
        error: (issue) =>
          `days "${String(issue.input)}" is not 7, 30 or 90; showing ${CARD_MOVERS_DEFAULT_DAYS}.`,
      }),
      z.transform((text: (typeof CARD_MOVERS_DAYS)[number]) => Number(text)),
    ),
    CARD_MOVERS_DEFAULT_DAYS,
  ),
  grade: z._default(
    z.pipe(
      z.string(),
      z.transform((value: string) => gradeForField(value)),
    ),
    '',
  ),
  label: z._default(z.string(), ''),
}) satisfies UrlSchema<MoversView>;
