import { normalizeTitle } from '../../contract/card-query';
import { compareGrades, RAW_GRADE } from '../../contract/grades';
import { GRADING_FEES, type GradingParams } from '../../contract/params';
import type { GradingData, GradingGrade, NextSale } from '../../contract/resources';
import { roundCents } from '../../contract/rounding';
import { AnalyticsError } from './analytics-error';
import { noMatchError } from './card-sales';
import type { MarketContext } from './market-context';
import { cellNextSale, liveModel } from './value-next-sale';

/** Under this many graded copies a card's grade shares are shrunk toward its label's. */
export const SHRINK_COPIES = 100;
export const DEFAULT_SELLING_PCT = 13.25;
export const DEFAULT_SELLING_FIXED = 0.3;
/** The standard normal quantile of 90 %: an 80 % range spans 2 x this many standard deviations. */
const Z_90 = 1.2815515655446004;

export const GRADING_CAVEAT =
  'The chances are the shares of copies that owners chose to submit, which flatters a random raw copy: the best-looking copies are the ones sent to graders.';

/**
 * `/v1/grading` (decisions.md, "Population and grading"): for one card and grader, each grade's
 * chance from the population report, its next-sale range and net, and the expected net against
 * selling the copy raw.
 */
export async function gradingData(ctx: MarketContext, params: GradingParams): Promise<GradingData> {
  const context = await ctx.query();
  const ids = await context.matches(params.q);
  if (ids.length === 0) throw await noMatchError(context, params.q, 365, {}, false);
  if (ids.length > 1) {
    throw new AnalyticsError(
      'invalid_parameter',
      `q names ${ids.length} cards with that title (in different categories or labels): /v1/grading takes one card.`,
    );
  }
  const cardId = ids[0] as number;
  const card = context.catalogue.byId.get(cardId);
  const grader = params.grader;
  const report =
    card === undefined
      ? []
      : (await context.reader.population(normalizeTitle(card.title))).filter(
          (entry) => entry.grader === grader,
        );
  if (card === undefined || report.length === 0) {
    throw new AnalyticsError(
      'no_match',
      `No ${grader} population report holds this card, so its chances per grade are unknown. Try another grader (grader=BGS, CGC, SGC or TAG), or import a report with npm run ingest -- population FILE.`,
      true,
    );
  }
  const labelCounts = await context.reader.labelPopulation(card.category, card.label, grader);
  const probabilities = gradeProbabilities(
    report.map((entry) => ({ grade: entry.grade, population: entry.population })),
    labelCounts,
  );

  const live = await liveModel(context);
  const nextSale = (grade: string): NextSale | null =>
    live === null ? null : cellNextSale(context, live, cardId, grade, { q: params.q });
  const costs: SellingCosts = {
    fee: params.fee ?? GRADING_FEES[grader],
    pct: params.selling_pct ?? DEFAULT_SELLING_PCT,
    fixed: params.selling_fixed ?? DEFAULT_SELLING_FIXED,
  };
  const raw = nextSale(RAW_GRADE);
  const rawNet = raw === null ? null : afterSelling(raw.estimate, costs);
  const grades = probabilities
    .sort((a, b) => compareGrades(a.grade, b.grade))
    .map(({ grade, population, probability }) => ({ grade, population, probability, next: nextSale(grade) }));
  const outcome = gradingOutcome(grades, costs, rawNet);

  return {
    query: params.q,
    title: card.title,
    grader,
    population_as_of: report
      .map((entry) => entry.as_of)
      .sort()
      .at(-1) as string,
    graded_copies: report.reduce((sum, entry) => sum + entry.population, 0),
    raw,
    raw_net: rawNet === null ? null : roundCents(rawNet),
    fee: costs.fee,
    selling_pct: costs.pct,
    selling_fixed: costs.fixed,
    expected_net: outcome.expectedNet === null ? null : roundCents(outcome.expectedNet),
    ...(params.cost === undefined
      ? {}
      : {
          expected_profit:
            outcome.expectedNet === null ? null : roundCents(outcome.expectedNet - params.cost),
        }),
    p_loss: outcome.pLoss === null ? null : roundProbability(outcome.pLoss),
    break_even_grade: outcome.breakEven,
    unpriced_probability: roundProbability(outcome.unpriced),
    caveat: GRADING_CAVEAT,
    by_grade: grades.map(
      ({ grade, population, probability, next }): GradingGrade => ({
        grade,
        population,
        probability: roundProbability(probability),
        estimate: next?.estimate ?? null,
        low: next?.low ?? null,
        high: next?.high ?? null,
        net: next === null ? null : roundCents(afterSelling(next.estimate, costs) - costs.fee),
      }),
    ),
  };
}

const roundProbability = (p: number) => Math.round(p * 10_000) / 10_000;

export interface SellingCosts {
  /** The grading fee per card (USD). */
  fee: number;
  /** Selling costs: percent of the price, plus a fixed amount per sale (USD). */
  pct: number;
  fixed: number;
}

/** What a sale at `price` leaves after the selling costs. */
export const afterSelling = (price: number, costs: SellingCosts): number =>
  price * (1 - costs.pct / 100) - costs.fixed;

/**
 * Each grade's share of the card's graded copies, shrunk toward its label's shares (over the same
 * grades) with the weight of the copies the card lacks below SHRINK_COPIES:
 * `p_g = (n_g + m * s_g) / (N + m)`, `m = max(0, 100 - N)`.
 */
export function gradeProbabilities(
  card: readonly { grade: string; population: number }[],
  label: readonly { grade: string; population: number }[],
): { grade: string; population: number; probability: number }[] {
  const total = card.reduce((sum, entry) => sum + entry.population, 0);
  const weight = Math.max(0, SHRINK_COPIES - total);
  const labelOf = new Map(label.map((entry) => [entry.grade, entry.population]));
  const labelTotal = card.reduce((sum, entry) => sum + (labelOf.get(entry.grade) ?? 0), 0);
  return card.map(({ grade, population }) => {
    const share = labelTotal > 0 ? (labelOf.get(grade) ?? 0) / labelTotal : 1 / card.length;
    const denominator = total + weight;
    return {
      grade,
      population,
      probability: denominator === 0 ? 1 / card.length : (population + weight * share) / denominator,
    };
  });
}

/**
 * Over the grades with a next-sale range (their chances renormalised): the expected net, the
 * chance the graded copy nets less than `rawNet` (each grade's price log-normal through its 80 %
 * range), and the lowest grade whose net reaches `rawNet`.
 */
export function gradingOutcome(
  grades: readonly { grade: string; probability: number; next: NextSale | null }[],
  costs: SellingCosts,
  rawNet: number | null,
): { expectedNet: number | null; pLoss: number | null; breakEven: string | null; unpriced: number } {
  const priced = grades.filter((entry) => entry.next !== null);
  const pricedProbability = priced.reduce((sum, entry) => sum + entry.probability, 0);
  const unpriced = Math.max(0, 1 - pricedProbability);
  if (priced.length === 0 || pricedProbability === 0) {
    return { expectedNet: null, pLoss: null, breakEven: null, unpriced };
  }
  let expectedNet = 0;
  let pLoss = 0;
  let breakEven: string | null = null;
  for (const { grade, probability, next } of priced) {
    const sale = next as NextSale;
    const weight = probability / pricedProbability;
    const net = afterSelling(sale.estimate, costs) - costs.fee;
    expectedNet += weight * net;
    if (rawNet !== null) {
      pLoss += weight * chanceBelow(sale, (rawNet + costs.fixed + costs.fee) / (1 - costs.pct / 100));
      if (breakEven === null && net >= rawNet) breakEven = grade;
    }
  }
  return { expectedNet, pLoss: rawNet === null ? null : pLoss, breakEven, unpriced };
}

/** P(price < threshold) for a price log-normal with its 10th and 90th percentiles at `low`, `high`. */
export function chanceBelow(range: { low: number; high: number }, threshold: number): number {
  if (threshold <= 0) return 0;
  const lnLow = Math.log(range.low);
  const lnHigh = Math.log(range.high);
  const mu = (lnLow + lnHigh) / 2;
  const sigma = (lnHigh - lnLow) / (2 * Z_90);
  if (sigma <= 0) return threshold > range.low ? 1 : 0;
  return normalCdf((Math.log(threshold) - mu) / sigma);
}

/** The standard normal distribution function (Abramowitz and Stegun 7.1.26: error below 1.5e-7). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}
