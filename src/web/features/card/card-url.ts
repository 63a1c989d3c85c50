import { z } from 'zod/mini';
import { exactTitleQuery } from '../../../contract/card-query';
import { CATEGORIES, type Category } from '../../../contract/categories';
import { HISTORY_INTERVALS } from '../../../contract/param-limits';
import { gradeForField } from '../../lib/card-query/check-search';
import { type UrlSchema, urlSchema } from '../../lib/url-state/url-schema';

/** How far back the history reaches, ending on the as-of date (the index page's presets, longer). */
export const HISTORY_RANGES = ['3M', '6M', '1Y', '3Y'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];
export const HISTORY_SCALES = ['linear', 'log'] as const;
export type HistoryScale = (typeof HISTORY_SCALES)[number];

/**
 * `/card`'s state, as it sits in the URL: one card by its exact `title` (with a `grade`, the
 * history's `interval`, `range` and `scale`); or, without a title, the cards of `q` in `category`
 * and `label` to pick one from.
 */
export type CardView = {
  title: string;
  grade: string;
  interval: (typeof HISTORY_INTERVALS)[number];
  range: HistoryRange;
  scale: HistoryScale;
  q: string;
  category: Category | '';
  label: string;
};

const text = () => z._default(z.string(), '');

export const CARD_URL = urlSchema({
  title: text(),
  grade: z._default(
    z.pipe(
      z.string(),
      z.transform((value: string) => gradeForField(value)),
    ),
    '',
  ),
  interval: z._default(
    z.enum(HISTORY_INTERVALS, { error: 'interval must be week or month; showing weeks.' }),
    'week',
  ),
  range: z._default(z.enum(HISTORY_RANGES, { error: 'range must be 3M, 6M, 1Y or 3Y; showing 1Y.' }), '1Y'),
  scale: z._default(
    z.enum(HISTORY_SCALES, { error: 'scale must be linear or log; showing linear.' }),
    'linear',
  ),
  q: text(),
  category: z._default(
    z.union([
      z.enum(CATEGORIES, { error: 'category is not one of the categories; showing all.' }),
      z.literal(''),
    ]),
    '',
  ),
  label: text(),
}) satisfies UrlSchema<CardView>;

/** The exact-title q of the card page's card. */
export const cardQuery = (title: string): string => exactTitleQuery(title);
