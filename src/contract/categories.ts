import { z } from 'zod';

/** The 12 category values the spec lists for the `category` query parameter. */
export const QUERY_CATEGORIES = [
  'baseball',
  'basketball',
  'football',
  'soccer',
  'pokemon',
  'vintage',
  'highend',
  'magic',
  'misc',
  'other',
  'tcg',
  'yugioh',
] as const;

/** The service's full category list (19 values). decisions.md: `category` accepts all 19. */
export const CATEGORIES = [
  'baseball',
  'basketball',
  'combat',
  'football',
  'golf',
  'highend',
  'hockey',
  'magic',
  'misc',
  'other',
  'pokemon',
  'racing',
  'soccer',
  'tcg',
  'tennis',
  'vintage',
  'wnba',
  'wrestling',
  'yugioh',
] as const;

export const CategorySchema = z.enum(CATEGORIES);
export type Category = z.infer<typeof CategorySchema>;

export const isCategory = (value: string): value is Category =>
  (CATEGORIES as readonly string[]).includes(value);
