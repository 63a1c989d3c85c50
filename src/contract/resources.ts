import { z } from 'zod';
import { GRADERS } from './grades';

/**
 * Every resource of the spec. Objects are tolerant of extra members (another server may add
 * fields); the server's tests check that it sends exactly these members.
 */
const dateTime = z.iso.datetime({ offset: true });
const date = z.iso.date();
const count = z.number().int().nonnegative();
const score = z.number().int().min(0).max(100);

export const MetaSchema = z.object({
  tier: z.string(),
  remaining: z.number().int(),
  generated: dateTime,
});
export type Meta = z.infer<typeof MetaSchema>;

export const envelope = <T extends z.ZodType>(data: T) => z.object({ meta: MetaSchema, data });
/** Every keyed answer: `{meta, data}`. */
export type Envelope<T> = { meta: Meta; data: T };

export const PingSchema = z.object({ ok: z.boolean(), service: z.string(), ts: dateTime });
export type Ping = z.infer<typeof PingSchema>;

export const CategoryStatSchema = z.object({
  category: z.string(),
  labels: count,
  listings: count,
});
export type CategoryStat = z.infer<typeof CategoryStatSchema>;

export const LabelStatSchema = z.object({
  label: z.string(),
  avg: z.number(),
  median: z.number(),
  listings: count,
});
export type LabelStat = z.infer<typeof LabelStatSchema>;

export const FloorRowSchema = z.object({
  category: z.string(),
  avg: z.number(),
  median: z.number(),
  listings: count,
  floor_min: z.number(),
  total_value: z.number(),
});
export type FloorRow = z.infer<typeof FloorRowSchema>;

export const IndexPointSchema = z.object({
  date,
  category: z.string(),
  avg: z.number(),
  median: z.number(),
  listings: count,
  floor_min: z.number(),
  total_value: z.number(),
});
export type IndexPoint = z.infer<typeof IndexPointSchema>;

export const GradeStatSchema = z.object({
  grade: z.string(),
  avg: z.number(),
  median: z.number(),
  sales: count,
});
export type GradeStat = z.infer<typeof GradeStatSchema>;

export const MoverSchema = z.object({
  label: z.string(),
  category: z.string(),
  current_avg: z.number(),
  prev_avg: z.number(),
  pct_change: z.number(),
  direction: z.enum(['up', 'down']),
  n: count,
});
export type Mover = z.infer<typeof MoverSchema>;

/**
 * Extra member of this service (decisions.md, "The next sale"): the estimate of the cell's next
 * sale and the range that held 80 % of next sales in calibration; null when the answer is not one
 * card in one grade, or that cell sold fewer than 3 times in 365 days.
 */
export const NextSaleSchema = z.object({
  estimate: z.number(),
  low: z.number(),
  high: z.number(),
  /** The range's level in percent: 80. */
  level: z.number().int(),
  /** The comps it rests on: the cell's sales of the 365 days (after the price filters). */
  sales_used: count,
});
export type NextSale = z.infer<typeof NextSaleSchema>;

export const GradeValueSchema = z.object({
  grade: z.string(),
  value: z.number(),
  low: z.number(),
  high: z.number(),
  min: z.number(),
  max: z.number(),
  sample_size: count,
  /**
   * Extra member of this service: the rung's own window, 90 days or, widened, 365 (decisions.md,
   * "The ladder's rungs are single-grade answers").
   */
  window_days: z.number().int().optional(),
  /** Extra member: this grade's next sale; null when the answer spans several cards. */
  next_sale: NextSaleSchema.nullable().optional(),
  /**
   * Extra members of `/v3/value` for one card: the grade's count in its grader's population report,
   * that grader's count above it, and the report's date; null without a count at that grade.
   */
  population: z.number().int().nullable().optional(),
  population_higher: z.number().int().nullable().optional(),
  population_as_of: date.nullable().optional(),
});
export type GradeValue = z.infer<typeof GradeValueSchema>;

// ---- operation data -------------------------------------------------------------------------

export const CategoryIndexDataSchema = z.object({
  as_of: date,
  categories: z.array(CategoryStatSchema),
});
export type CategoryIndexData = z.infer<typeof CategoryIndexDataSchema>;

export const CategoryLabelsDataSchema = z.object({
  as_of: date,
  category: z.string(),
  labels: z.array(LabelStatSchema),
});
export type CategoryLabelsData = z.infer<typeof CategoryLabelsDataSchema>;

export const FloorDataSchema = z.object({ as_of: date, categories: z.array(FloorRowSchema) });
export type FloorData = z.infer<typeof FloorDataSchema>;

export const IndexDataSchema = z.object({ series: z.array(IndexPointSchema) });
export type IndexData = z.infer<typeof IndexDataSchema>;

export const SoldDataSchema = z.object({
  avg: z.number(),
  max: z.number(),
  min: z.number(),
  median: z.number(),
  sales: count,
  window_days: z.number().int(),
  by_grade: z.array(GradeStatSchema),
});
export type SoldData = z.infer<typeof SoldDataSchema>;

export const MoversDataSchema = z.object({ beta: z.boolean(), movers: z.array(MoverSchema) });
export type MoversData = z.infer<typeof MoversDataSchema>;

/** One card in one grade whose median moved: the last `days` days against the `days` before. */
export const CardMoverSchema = z.object({
  title: z.string(),
  category: z.string(),
  label: z.string(),
  grade: z.string(),
  pct_change: z.number(),
  previous_median: z.number(),
  current_median: z.number(),
  sales_previous: count,
  sales_current: count,
});
export type CardMover = z.infer<typeof CardMoverSchema>;

export const CardMoversDataSchema = z.object({
  days: z.number().int(),
  /** The store's as-of time: the current window ends there. */
  as_of: dateTime,
  movers: z.array(CardMoverSchema),
});
export type CardMoversData = z.infer<typeof CardMoversDataSchema>;

const valueCore = {
  query: z.string(),
  grade: z.string().nullable(),
  currency: z.string(),
  sample_size: count,
  value: z.number(),
  low: z.number(),
  high: z.number(),
  min: z.number(),
  max: z.number(),
  avg: z.number(),
  confidence: score,
  by_grade: z.array(GradeValueSchema),
};

export const ValueDataSchema = z.object({
  ...valueCore,
  filter: z.object({ min_price: z.number().nullable(), max_price: z.number().nullable() }),
  as_of: dateTime,
  /** Extra member of this service: the sales window used, 90 days or, widened, 365 (decisions.md). */
  window_days: z.number().int().optional(),
  next_sale: NextSaleSchema.nullable().optional(),
});
export type ValueData = z.infer<typeof ValueDataSchema>;

export const VERDICTS = ['Strong Buy', 'Accumulate', 'Hold', 'Reduce'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** One card that `q` matched (the spec: "matched cards", shape not shown; decided in docs/). */
export const MatchedCardSchema = z.object({
  category: z.string(),
  label: z.string(),
  title: z.string(),
  sales: count,
});
export type MatchedCard = z.infer<typeof MatchedCardSchema>;

/**
 * The comparison behind the buy score's discount (decisions.md, "Last sale"): the last sale's card
 * and grade, and the median and count of that card and grade's other sales in the value sample.
 */
export const LastSaleCompsSchema = z.object({
  title: z.string(),
  grade: z.string(),
  median: z.number().nullable(),
  sales: count,
});
export type LastSaleComps = z.infer<typeof LastSaleCompsSchema>;

export const EnrichedValueDataSchema = z.object({
  ...valueCore,
  buy_score: score,
  verdict: z.enum(VERDICTS),
  liquidity: score,
  last_sale: z.number(),
  last_sale_date: dateTime,
  sales_90d: count,
  trend_30d: z.number().nullable(),
  population: z.number().int().nullable(),
  watchers: z.number().int().nullable(),
  /** Extra members of this service (documented in docs/api.md); optional for other servers. */
  window_days: z.number().int().optional(),
  matched_cards: z.array(MatchedCardSchema).optional(),
  last_sale_comps: LastSaleCompsSchema.optional(),
  next_sale: NextSaleSchema.nullable().optional(),
  /** The same grader's count above `population`'s grade, and the date of its report (decisions.md). */
  population_higher: z.number().int().nullable().optional(),
  population_as_of: date.nullable().optional(),
});
export type EnrichedValueData = z.infer<typeof EnrichedValueDataSchema>;

/** One card a query matches (`/v1/cards`): catalogue facts and counts of its sales. */
export const CardSummarySchema = z.object({
  title: z.string(),
  category: z.string(),
  label: z.string(),
  sales_90d: count,
  sales_365d: count,
  /** The sum of its sale prices in the last 365 days: what the market spends on the card. */
  sales_value_365d: z.number().nonnegative(),
  last_sale_date: dateTime.nullable(),
  /** Canonical grades with a sale in the last 365 days, by code point. */
  grades: z.array(z.string()),
});
export type CardSummary = z.infer<typeof CardSummarySchema>;

export const CardsDataSchema = z.object({
  query: z.string(),
  /** Matched cards before `limit`. */
  total: count,
  cards: z.array(CardSummarySchema),
});
export type CardsData = z.infer<typeof CardsDataSchema>;

/** One period and grade of `/v1/history`: the figures of that period's sales of that grade. */
export const HistoryPointSchema = z.object({
  period_start: date,
  grade: z.string(),
  median: z.number(),
  low: z.number(),
  high: z.number(),
  min: z.number(),
  max: z.number(),
  sales: count,
});
export type HistoryPoint = z.infer<typeof HistoryPointSchema>;

export const HistoryDataSchema = z.object({
  query: z.string(),
  grade: z.string().nullable(),
  currency: z.string(),
  interval: z.enum(['week', 'month']),
  from: date,
  to: date,
  /** How many cards the query matched (a client warns when above 1: the series mixes them). */
  cards: count,
  series: z.array(HistoryPointSchema),
});
export type HistoryData = z.infer<typeof HistoryDataSchema>;

/**
 * One point of `/v1/sales-index` (decisions.md): a category's (label null) or a label's chained,
 * like-for-like index of sold prices in the week that ends on `date`.
 */
export const SalesIndexPointSchema = z.object({
  date,
  category: z.string(),
  label: z.string().nullable(),
  index: z.number(),
  change_pct: z.number().nullable(),
  matched_cells: count,
  sales: count,
});
export type SalesIndexPoint = z.infer<typeof SalesIndexPointSchema>;

export const SalesIndexDataSchema = z.object({ base_date: date, series: z.array(SalesIndexPointSchema) });
export type SalesIndexData = z.infer<typeof SalesIndexDataSchema>;

/** How well the values foretold the next sale (decisions.md, "Published accuracy"). */
const accuracyFigures = {
  sales_scored: count,
  coverage_iqr: z.number(),
  median_abs_pct_error: z.number(),
  bias_pct: z.number(),
};
export const LIQUIDITY_TIERS = ['thin', 'steady', 'liquid'] as const;
export type LiquidityTier = (typeof LIQUIDITY_TIERS)[number];
/** Price bands of `by_price_band`, by the next-sale estimate in USD: <100, 100-1k, 1k-10k, 10k+. */
export const PRICE_BANDS = ['under_100', '100_1k', '1k_10k', '10k_up'] as const;
export type PriceBand = (typeof PRICE_BANDS)[number];

/**
 * How the next-sale ranges did on the same scored sales, each range calibrated on the 84 days
 * before the scored window (out of sample); percentages. Null when no range could be calibrated.
 */
export const NextSaleAccuracySchema = z.object({
  scored: count,
  /** Percent of scored sales with low <= price <= high (target: `level`). */
  coverage: z.number(),
  below_pct: z.number(),
  above_pct: z.number(),
  /** Median of |price - estimate| / estimate * 100. */
  median_abs_pct_error: z.number(),
  /** Percent of scored sales within 10 % of the estimate. */
  within_10_pct: z.number(),
  /** Median of (high - low) / estimate * 100. */
  median_width_pct: z.number(),
  /** Mean Winkler score of the range over the estimate, * 100 (lower is better). */
  interval_score: z.number(),
});
export type NextSaleAccuracy = z.infer<typeof NextSaleAccuracySchema>;

/** `next_sale`: always sent by this service; optional for other servers. */
const rowFigures = { ...accuracyFigures, next_sale: NextSaleAccuracySchema.nullable().optional() };
export const AccuracyRowSchema = z.object(rowFigures);
export type AccuracyRow = z.infer<typeof AccuracyRowSchema>;
export const CategoryAccuracyRowSchema = z.object({ category: z.string(), ...rowFigures });
export type CategoryAccuracyRow = z.infer<typeof CategoryAccuracyRowSchema>;
export const LiquidityAccuracyRowSchema = z.object({ tier: z.enum(LIQUIDITY_TIERS), ...rowFigures });
export type LiquidityAccuracyRow = z.infer<typeof LiquidityAccuracyRowSchema>;
export const PriceBandAccuracyRowSchema = z.object({ band: z.enum(PRICE_BANDS), ...rowFigures });
export type PriceBandAccuracyRow = z.infer<typeof PriceBandAccuracyRowSchema>;

export const AccuracyDataSchema = z.object({
  as_of: dateTime,
  window_days: z.number().int(),
  overall: AccuracyRowSchema,
  by_category: z.array(CategoryAccuracyRowSchema),
  by_liquidity: z.array(LiquidityAccuracyRowSchema),
  /** Rows by the next-sale estimate's price band, in PRICE_BANDS order (bands with scored sales). */
  by_price_band: z.array(PriceBandAccuracyRowSchema),
  /** The next-sale ranges' level in percent: 80. */
  level: z.number().int(),
});
export type AccuracyData = z.infer<typeof AccuracyDataSchema>;

/**
 * Extra member of this service's index document: where the market data comes from. `synthetic` is
 * true while data of the demo generator is in the store (demo alone, or demo plus ingested files);
 * clients say so on every page (docs/demo-market.md).
 */
export const MarketOriginSchema = z.object({
  data: z.enum(['demo', 'ingest', 'demo+ingest', 'empty']),
  synthetic: z.boolean(),
  note: z.string(),
});
export type MarketOrigin = z.infer<typeof MarketOriginSchema>;

/**
 * A personal demo key, minted by `GET /v1/demo-key` on a server in demo mode (decisions.md, "Demo
 * keys"): a free-tier key for the visitor who asked, labelled `demo`, that stops working at
 * `expires_at` (7 days after it was minted).
 */
export const DemoKeySchema = z.object({
  key: z.string(),
  tier: z.string(),
  expires_at: dateTime,
});
export type DemoKey = z.infer<typeof DemoKeySchema>;

/**
 * What a key spent this UTC month (GET /v1/usage, decisions.md "Usage"): `used` is the sum of
 * `by_day` (every day of the month so far, zeros included); `by_operation` names the registry's
 * operations that have calls, most calls first.
 */
export const UsageDataSchema = z.object({
  tier: z.string(),
  quota: count,
  used: count,
  remaining: count,
  period_start: date,
  resets_at: dateTime,
  by_day: z.array(z.object({ date, calls: count })),
  by_operation: z.array(z.object({ operation: z.string(), calls: count })),
});
export type UsageData = z.infer<typeof UsageDataSchema>;

/**
 * One tier as GET /v1 `plans` states it (an extra member of this service): its price, monthly
 * quota, request rate and compute budget, side by side.
 */
export const PlanSchema = z.object({
  tier: z.string(),
  price_usd_month: z.number().nonnegative(),
  calls_month: count,
  requests_per_second: z.number().positive(),
  burst: count,
  compute_ms_per_second: count,
  compute_burst_ms: count,
});
export type Plan = z.infer<typeof PlanSchema>;

export const IndexDocumentSchema = z.object({
  service: z.string(),
  version: z.string(),
  auth: z.string(),
  pricing: z.string(),
  endpoints: z.record(z.string(), z.string()),
  categories: z.array(z.string()),
  docs: z.string(),
  spec: z.string(),
  terms: z.string(),
  market: MarketOriginSchema.optional(),
  plans: z.array(PlanSchema).optional(),
});
export type IndexDocument = z.infer<typeof IndexDocumentSchema>;

// ---- envelopes, one per operation -----------------------------------------------------------

export const CategoryIndexResponseSchema = envelope(CategoryIndexDataSchema);
export const CategoryLabelsResponseSchema = envelope(CategoryLabelsDataSchema);
export const FloorResponseSchema = envelope(FloorDataSchema);
export const IndexResponseSchema = envelope(IndexDataSchema);
export const SoldResponseSchema = envelope(SoldDataSchema);
export const MoversResponseSchema = envelope(MoversDataSchema);
export const CardMoversResponseSchema = envelope(CardMoversDataSchema);
export const ValueResponseSchema = envelope(ValueDataSchema);
export const EnrichedValueResponseSchema = envelope(EnrichedValueDataSchema);
export const UsageResponseSchema = envelope(UsageDataSchema);
export const CardsResponseSchema = envelope(CardsDataSchema);
export const HistoryResponseSchema = envelope(HistoryDataSchema);
export const SalesIndexResponseSchema = envelope(SalesIndexDataSchema);
/** Keyless, so no `meta`: the figures under `data`, as every data answer has them. */
export const AccuracyResponseSchema = z.object({ data: AccuracyDataSchema });

/** One grade of `/v1/grading`: its share of the graded copies and what a copy at it would net. */
export const GradingGradeSchema = z.object({
  grade: z.string(),
  population: count,
  /** The grade's share of the card's graded copies, shrunk toward its label's under 100 copies (0..1). */
  probability: z.number(),
  estimate: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  /** estimate less the fee and the selling costs; null without a next-sale estimate. */
  net: z.number().nullable(),
});
export type GradingGrade = z.infer<typeof GradingGradeSchema>;

/** `/v1/grading` (decisions.md, "Population and grading"). */
export const GradingDataSchema = z.object({
  query: z.string(),
  title: z.string(),
  grader: z.enum(GRADERS),
  population_as_of: date,
  /** The card's copies in the grader's report; under 100 the shares are shrunk toward its label's. */
  graded_copies: count,
  raw: NextSaleSchema.nullable(),
  raw_net: z.number().nullable(),
  fee: z.number(),
  selling_pct: z.number(),
  selling_fixed: z.number(),
  expected_net: z.number().nullable(),
  expected_profit: z.number().nullable().optional(),
  p_loss: z.number().nullable(),
  break_even_grade: z.string().nullable(),
  unpriced_probability: z.number(),
  caveat: z.string(),
  by_grade: z.array(GradingGradeSchema),
});
export type GradingData = z.infer<typeof GradingDataSchema>;
export const GradingResponseSchema = envelope(GradingDataSchema);
