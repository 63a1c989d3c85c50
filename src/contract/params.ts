import { z } from 'zod';
import { CARD_QUERY_HINT, checkCardQuery, exactTitleOf, Q_MAX_LENGTH, Q_MAX_WORDS } from './card-query';
import { CATEGORIES } from './categories';
import { canonicalGrade, GRADE_HINT, GRADERS } from './grades';
import {
  CARD_MOVERS_DAYS,
  CARD_MOVERS_DEFAULT_DAYS,
  CARD_MOVERS_DIRECTIONS,
  CARDS_LIMIT,
  HISTORY_INTERVALS,
  HISTORY_MAX_DAYS,
  INDEX_START_DATE,
  MOVERS_LIMIT,
  SOLD_DAYS,
} from './param-limits';

/**
 * Query parameters of every operation, as the server validates them (decisions.md, "Parameters").
 * Each schema takes the raw query strings and gives typed values; every issue message is a hint
 * that names the parameter and what is allowed. Unknown parameters are ignored (stripped).
 */

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

/** A label (set, product line or player): compared case-insensitively, runs of white space as one. */
export const LabelParamSchema = z.string().trim().min(1, { error: 'label must not be empty.' }).max(120);

/** Days from `from` to `to`, both included (`YYYY-MM-DD`). */
export const daysInRange = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

export const CategoriesParamsSchema = z.object({ category: CategoryParamSchema.optional() });
export type CategoriesParams = z.output<typeof CategoriesParamsSchema>;

export const FloorParamsSchema = z.object({ category: CategoryParamSchema.optional() });
export type FloorParams = z.output<typeof FloorParamsSchema>;

export const IndexParamsSchema = z
  .object({
    category: CategoryParamSchema.optional(),
    label: LabelParamSchema.optional(),
    from: dateParam('from'),
    to: dateParam('to'),
  })
  .refine((p) => p.from === undefined || p.to === undefined || p.from <= p.to, {
    error: 'from must be on or before to (both YYYY-MM-DD).',
    path: ['from'],
  });
export type IndexParams = z.output<typeof IndexParamsSchema>;

/**
 * `/v1/sales-index`: the same parameters as `/v1/index`; `from` and `to` only filter the points
 * (they never rebase the index).
 */
export const SalesIndexParamsSchema = IndexParamsSchema;
export type SalesIndexParams = z.output<typeof SalesIndexParamsSchema>;

export const SoldParamsSchema = z.object({
  q: CardQueryParamSchema,
  grade: GradeParamSchema.optional(),
  category: CategoryParamSchema.optional(),
  label: LabelParamSchema.optional(),
  days: integerParam('days', SOLD_DAYS),
});
export type SoldParams = z.output<typeof SoldParamsSchema>;

export const MoversParamsSchema = z.object({
  category: CategoryParamSchema.optional(),
  limit: integerParam('limit', MOVERS_LIMIT),
});
export type MoversParams = z.output<typeof MoversParamsSchema>;

/** `/v1/card-movers`: which cards moved (decisions.md, "`GET /v1/card-movers`"). */
export const CardMoversParamsSchema = z.object({
  category: CategoryParamSchema.optional(),
  label: LabelParamSchema.optional(),
  grade: GradeParamSchema.optional(),
  days: z
    .enum(CARD_MOVERS_DAYS, { error: `days must be 7, 30 or 90 (default ${CARD_MOVERS_DEFAULT_DAYS}).` })
    .optional()
    .transform((value) => (value === undefined ? CARD_MOVERS_DEFAULT_DAYS : Number(value))),
  direction: z
    .enum(CARD_MOVERS_DIRECTIONS, { error: 'direction must be up, down or both (default both).' })
    .optional()
    .transform((value) => value ?? 'both'),
  limit: integerParam('limit', MOVERS_LIMIT),
});
export type CardMoversParams = z.output<typeof CardMoversParamsSchema>;

export const ValueParamsSchema = z
  .object({
    q: CardQueryParamSchema,
    grade: GradeParamSchema.optional(),
    category: CategoryParamSchema.optional(),
    label: LabelParamSchema.optional(),
    min_price: priceParam('min_price'),
    max_price: priceParam('max_price'),
  })
  .refine((p) => p.min_price === undefined || p.max_price === undefined || p.min_price <= p.max_price, {
    error: 'min_price must not be above max_price.',
    path: ['min_price'],
  });
export type ValueParams = z.output<typeof ValueParamsSchema>;

/** The default grading fee per card by grader (USD), for `/v1/grading` without `fee` (docs/analytics.md). */
export const GRADING_FEES: Readonly<Record<(typeof GRADERS)[number], number>> = {
  PSA: 25,
  BGS: 30,
  CGC: 20,
  SGC: 15,
  TAG: 20,
};

const boundedNumber = (name: string, max: number) => {
  const hint = `${name} must be a number from 0 to ${max}.`;
  return z
    .string()
    .regex(/^\s*\d{1,6}(\.\d{1,6})?\s*$/, { error: hint })
    .transform(Number)
    .pipe(z.number().max(max, { error: hint }))
    .optional();
};

/** `/v1/grading`: whether a raw copy is worth grading (decisions.md, "Population and grading"). */
export const GradingParamsSchema = z.object({
  q: CardQueryParamSchema.refine((value) => exactTitleOf(value) !== null, {
    error:
      'q must be one card\'s exact title in double quotes, such as "1999 Pokemon Base Set Charizard Holo #4" (find it with /v1/cards).',
  }),
  grader: z
    .string()
    .transform((value) => value.trim().toUpperCase())
    .pipe(z.enum(GRADERS, { error: `grader must be one of: ${GRADERS.join(', ')} (default PSA).` }))
    .optional()
    .transform((value) => value ?? 'PSA'),
  cost: priceParam('cost'),
  fee: priceParam('fee'),
  selling_pct: boundedNumber('selling_pct', 50),
  selling_fixed: boundedNumber('selling_fixed', 1000),
});
export type GradingParams = z.output<typeof GradingParamsSchema>;

/** /v1/usage takes no parameter but the key: anything else is refused like any unknown parameter. */
export const UsageParamsSchema = z.object({});
export type UsageParams = z.output<typeof UsageParamsSchema>;
/** `/v1/cards`: which cards a query means (decisions.md, "Cards as the unit a collector thinks in"). */
export const CardsParamsSchema = z.object({
  q: CardQueryParamSchema,
  category: CategoryParamSchema.optional(),
  label: LabelParamSchema.optional(),
  limit: integerParam('limit', CARDS_LIMIT),
});
export type CardsParams = z.output<typeof CardsParamsSchema>;

const rangeHint = `from must be on or before to, and the range at most ${HISTORY_MAX_DAYS} days (both YYYY-MM-DD).`;

/** `/v1/history`: one card's prices over time, per week or month and grade. */
export const HistoryParamsSchema = z
  .object({
    q: CardQueryParamSchema,
    grade: GradeParamSchema.optional(),
    category: CategoryParamSchema.optional(),
    label: LabelParamSchema.optional(),
    interval: z
      .enum(HISTORY_INTERVALS, { error: 'interval must be week or month (default week).' })
      .optional()
      .transform((value) => value ?? 'week'),
    from: dateParam('from'),
    to: dateParam('to'),
  })
  .refine((p) => p.from === undefined || p.to === undefined || p.from <= p.to, {
    error: rangeHint,
    path: ['from'],
  })
  .refine(
    (p) => p.from === undefined || p.to === undefined || daysInRange(p.from, p.to) <= HISTORY_MAX_DAYS,
    { error: rangeHint, path: ['to'] },
  );
export type HistoryParams = z.output<typeof HistoryParamsSchema>;

// ---- OpenAPI only: how the document describes each parameter ---------------------------------------

/** A JSON Schema (2020-12) as the OpenAPI document carries it. */
export type ParameterJsonSchema = Record<string, unknown>;

export interface ParameterDoc {
  description: string;
  /**
   * The parameter's schema as a client should read it, where the one converted from the zod schema
   * above would say less or other than what the server takes (a number parsed from a string, a
   * word count). Written from the same constants as the rule; the property test checks that every
   * request this schema allows is accepted (src/server/http/property.test.ts).
   */
  schema?: ParameterJsonSchema;
  /** What the value is, in words (`grade`), and values it may take: the docs page says the type so. */
  title?: string;
  examples?: readonly (string | number)[];
}

/** A letter or digit of any script: what `q` counts as part of a word (card-query.ts). */
const WORD_CHAR = '[\\p{L}\\p{N}]';
const NON_WORD_CHAR = '[^\\p{L}\\p{N}]';
/** 1 to Q_MAX_WORDS words, with anything that is not a letter or digit around and between them. */
export const Q_PATTERN = `^${NON_WORD_CHAR}*${WORD_CHAR}+(?:${NON_WORD_CHAR}+${WORD_CHAR}+){0,${Q_MAX_WORDS - 1}}${NON_WORD_CHAR}*$`;

/** Each letter in either case: JSON Schema patterns have no case-insensitive flag. */
const anyCase = (word: string) =>
  [...word].map((letter) => `[${letter.toUpperCase()}${letter.toLowerCase()}]`).join('');
/**
 * The grades canonicalGrade takes: `Raw` or `ungraded`, or a grader and a number from 1 to 10 in
 * steps of 0.5 (`PSA 10`, `bgs-9.5`, `cgc09`), any case, white space around.
 */
export const GRADE_PATTERN = `^\\s*(?:${anyCase('raw')}|${anyCase('ungraded')}|(?:${GRADERS.map(anyCase).join('|')})[\\s_-]*(?:0?[1-9](?:\\.(?:0+|50*))?|10(?:\\.0+)?))\\s*$`;

const integerDoc = (bounds: { min: number; max: number; default: number }) => ({
  type: 'integer',
  minimum: bounds.min,
  maximum: bounds.max,
  default: bounds.default,
});

/**
 * A price: non-negative, below 10^12, at most 6 decimals (what the server reads:
 * `\d{1,12}(\.\d{1,6})?`).
 */
const priceDoc = { type: 'number', minimum: 0, exclusiveMaximum: 1_000_000_000_000, multipleOf: 0.000001 };

/** Where a parameter takes fewer values on one operation: its doc there, by operationId. */
export const OPERATION_PARAMETER_DOCS: Readonly<Record<string, Readonly<Record<string, ParameterDoc>>>> = {
  getGradingValue: {
    q: {
      description: "One card's exact title in double quotes (find it with /v1/cards).",
      schema: {
        type: 'string',
        minLength: 3,
        maxLength: Q_MAX_LENGTH,
        pattern: `^(?=\\s*".*"\\s*$)${Q_PATTERN.slice(1)}`,
      },
      examples: ['"1999 Pokemon Base Set Charizard Holo #4"'],
    },
  },
  listCardMovers: {
    days: {
      description: `The window in days, 7, 30 or 90 (default ${CARD_MOVERS_DEFAULT_DAYS}), ending at the store as-of time, against the window as long before it.`,
      schema: { type: 'integer', enum: CARD_MOVERS_DAYS.map(Number), default: CARD_MOVERS_DEFAULT_DAYS },
    },
  },
};

/** Every query parameter of the API, by name (a name means the same on every operation, but for OPERATION_PARAMETER_DOCS). */
export const PARAMETER_DOCS: Readonly<Record<string, ParameterDoc>> = {
  category: {
    description: `One of the ${CATEGORIES.length} categories of the service.`,
    title: 'category',
    examples: ['pokemon', 'baseball'],
  },
  label: {
    description:
      'A label (a set, product line or player), case-insensitive, 1 to 120 characters, not only white space: /v1/index gives its series; the card operations match only its cards. A label no card carries is 404 `no_match`.',
    schema: { type: 'string', minLength: 1, maxLength: 120, pattern: '\\S' },
    title: 'label',
    examples: ['Base Set'],
  },
  from: {
    description: `First date, YYYY-MM-DD. /v1/index clamps a date earlier than ${INDEX_START_DATE} to it; /v1/history defaults to \`to\` minus 364 days.`,
    title: 'date',
    examples: ['2026-06-01'],
  },
  to: {
    description: `Last date (inclusive), YYYY-MM-DD; not before \`from\` (400 otherwise). /v1/history: at most ${HISTORY_MAX_DAYS} days from \`from\`, default the as-of date.`,
    title: 'date',
    examples: ['2026-11-15'],
  },
  interval: {
    description:
      '/v1/history: one point per grade and UTC calendar `week` (from Monday; the default) or `month`.',
    title: 'period',
    examples: ['week', 'month'],
  },
  q: {
    description: `Card query: 1 to ${Q_MAX_WORDS} words (letters and digits) of the card title in any order, at most ${Q_MAX_LENGTH} characters (UTF-16 code units); a query in double quotes asks for that exact title.`,
    schema: { type: 'string', minLength: 1, maxLength: Q_MAX_LENGTH, pattern: Q_PATTERN },
    title: 'card query',
    examples: ['charizard base set holo'],
  },
  grade: {
    description: `Grade such as \`PSA 10\`, \`BGS 9.5\` or \`Raw\`: a grader (${GRADERS.join(', ')}) and a number from 1 to 10 in steps of 0.5; case- and space-insensitive.`,
    schema: { type: 'string', minLength: 3, maxLength: 40, pattern: GRADE_PATTERN },
    title: 'grade',
    examples: ['PSA 10', 'Raw'],
  },
  days: {
    description: `Window in days ending at the store as-of time: a whole number from ${SOLD_DAYS.min} to ${SOLD_DAYS.max}, default ${SOLD_DAYS.default}.`,
    schema: integerDoc(SOLD_DAYS),
  },
  direction: {
    description:
      '/v1/card-movers: `up` keeps the cards whose median rose, `down` those whose median fell, `both` (the default) all.',
    title: 'direction',
    examples: ['up', 'down', 'both'],
  },
  limit: {
    description: `Number of rows (movers, cards): a whole number from ${MOVERS_LIMIT.min} to ${MOVERS_LIMIT.max}, default ${MOVERS_LIMIT.default}.`,
    schema: integerDoc(MOVERS_LIMIT),
  },
  min_price: {
    description: 'Only sales at or above this price (USD): non-negative, at most 6 decimals.',
    schema: priceDoc,
    title: 'price in USD',
    examples: [250],
  },
  max_price: {
    description:
      'Only sales at or below this price (USD): non-negative, at most 6 decimals; not below `min_price` (400 otherwise).',
    schema: priceDoc,
    title: 'price in USD',
    examples: [1000],
  },
  grader: {
    description: `/v1/grading: the grader whose population and prices are used, one of ${GRADERS.join(', ')} (default PSA).`,
    schema: { type: 'string', enum: [...GRADERS], default: 'PSA' },
  },
  cost: {
    description: '/v1/grading: what the raw copy cost (USD); adds `expected_profit`.',
    schema: priceDoc,
    title: 'price in USD',
    examples: [400],
  },
  fee: {
    description: `/v1/grading: the grading fee per card (USD); default by grader: ${Object.entries(
      GRADING_FEES,
    )
      .map(([grader, fee]) => `${grader} ${fee}`)
      .join(', ')}.`,
    schema: priceDoc,
    title: 'price in USD',
    examples: [25],
  },
  selling_pct: {
    description:
      '/v1/grading: selling costs as a percent of the price (marketplace and payment fees), 0 to 50, default 13.25.',
    schema: { type: 'number', minimum: 0, maximum: 50, default: 13.25 },
  },
  selling_fixed: {
    description: '/v1/grading: selling costs per sale (USD), 0 to 1000, default 0.30.',
    schema: { type: 'number', minimum: 0, maximum: 1000, default: 0.3 },
  },
};
