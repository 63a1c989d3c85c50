import { z } from 'zod';
import { CARD_QUERY_HINT, checkCardQuery } from './card-query';
import { CATEGORIES } from './categories';
import { canonicalGrade, GRADE_HINT } from './grades';

/**
 * Query parameters of every operation, as the server validates them (decisions.md, "Parameters").
 * Each schema takes the raw query strings and gives typed values; every issue message is a hint
 * that names the parameter and what is allowed. Unknown parameters are ignored (stripped).
 */

export const INDEX_START_DATE = '2026-05-29';
export const SOLD_DAYS = { min: 1, max: 365, default: 30 } as const;
export const MOVERS_LIMIT = { min: 1, max: 100, default: 25 } as const;

const categoryHint = `category must be one of: ${CATEGORIES.join(', ')}.`;
export const CategoryParamSchema = z.enum(CATEGORIES, { error: categoryHint });

const integerParam = (name: string, bounds: { min: number; max: number; default: number }) => {
  const hint = `${name} must be a whole number from ${bounds.min} to ${bounds.max} (default ${bounds.default}).`;
  return z
    .string()
    .regex(/^\s*[+]?\d{1,9}\s*$/, { error: hint })
    .transform(Number)
    .pipe(z.number().int().min(bounds.min, { error: hint }).max(bounds.max, { error: hint }))
    .optional()
    .transform((value) => value ?? bounds.default);
};

const priceParam = (name: string) => {
  const hint = `${name} must be a non-negative number, such as 250 or 99.5.`;
  return z
    .string()
    .regex(/^\s*\d{1,12}(\.\d{1,6})?\s*$/, { error: hint })
    .transform(Number)
    .optional();
};

const dateParam = (name: string) => {
  const hint = `${name} must be a date as YYYY-MM-DD, such as ${INDEX_START_DATE}.`;
  return z.iso.date({ error: hint }).optional();
};

export const GradeParamSchema = z.string().transform((value, ctx) => {
  const grade = canonicalGrade(value);
  if (grade === null) {
    ctx.addIssue({ code: 'custom', message: `grade "${value.slice(0, 40)}" is not a grade. ${GRADE_HINT}` });
    return z.NEVER;
  }
  return grade;
});

export const CardQueryParamSchema = z
  .string({ error: `q is required. ${CARD_QUERY_HINT}` })
  .superRefine((value, ctx) => {
    if (checkCardQuery(value) !== null) ctx.addIssue({ code: 'custom', message: CARD_QUERY_HINT });
  });

export const CategoriesParamsSchema = z.object({ category: CategoryParamSchema.optional() });
export type CategoriesParams = z.output<typeof CategoriesParamsSchema>;

export const FloorParamsSchema = z.object({ category: CategoryParamSchema.optional() });
export type FloorParams = z.output<typeof FloorParamsSchema>;

export const IndexParamsSchema = z
  .object({
    category: CategoryParamSchema.optional(),
    label: z.string().trim().min(1, { error: 'label must not be empty.' }).max(120).optional(),
    from: dateParam('from'),
    to: dateParam('to'),
  })
  .refine((p) => p.from === undefined || p.to === undefined || p.from <= p.to, {
    error: 'from must be on or before to (both YYYY-MM-DD).',
    path: ['from'],
  });
export type IndexParams = z.output<typeof IndexParamsSchema>;

export const SoldParamsSchema = z.object({
  q: CardQueryParamSchema,
  grade: GradeParamSchema.optional(),
  days: integerParam('days', SOLD_DAYS),
});
export type SoldParams = z.output<typeof SoldParamsSchema>;

export const MoversParamsSchema = z.object({
  category: CategoryParamSchema.optional(),
  limit: integerParam('limit', MOVERS_LIMIT),
});
export type MoversParams = z.output<typeof MoversParamsSchema>;

export const ValueParamsSchema = z
  .object({
    q: CardQueryParamSchema,
    grade: GradeParamSchema.optional(),
    min_price: priceParam('min_price'),
    max_price: priceParam('max_price'),
  })
  .refine((p) => p.min_price === undefined || p.max_price === undefined || p.min_price <= p.max_price, {
    error: 'min_price must not be above max_price.',
    path: ['min_price'],
  });
export type ValueParams = z.output<typeof ValueParamsSchema>;
