import { z } from 'zod/mini';
import { CATEGORIES } from '../../../contract/categories';
import { urlSchema } from '../../lib/url-state/url-schema';

/**
 * The floor's URL state: `/?category=pokemon`, so the filter survives reloads and can be shared. An
 * unknown category is reported (not silently dropped) and treated as no filter.
 */
export const FLOOR_URL = urlSchema({
  category: z._default(
    z.nullable(
      z.enum(CATEGORIES, {
        error: (issue) => `“${String(issue.input)}” is not a category; showing all categories.`,
      }),
    ),
    null,
  ),
});
