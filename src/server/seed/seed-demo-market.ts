import { CATEGORIES, type Category } from '../../contract/categories';
import { INDEX_START_DATE } from '../../contract/param-limits';
import { derivedComputation } from '../analytics/derived/derived-computation';
import type { Db } from '../store/sqlite/database';
import { clearMarket, createMarketWriter, isStoreMarketEmpty } from '../store/sqlite/market-writer';
import { rebuildDerived } from '../store/sqlite/rebuild-derived';
import { recordDataOrigin } from '../store/sqlite/sqlite-market-meta';
import { DAY_MS, dateOfDayNumber, dayNumberOfDate } from '../store/time';
import { type CardMarket, writeCardListings, writeCardSales, writeOneOfOne } from './card-history';
import { buildCatalogue, type Scale } from './catalogue/build-catalogue';
import type { CatalogueCard } from './catalogue/catalogue-card';
import { type GradeProfile, gradeProfile, modelPrice, REFERENCE_GRADE } from './grade-model';
import { type MarketTruth, significant, TRUTH_CARD_DAYS, TRUTH_MIN_EXPECTED_SALES } from './market-truth';
import { writePopulationReport } from './population-report';
import { cardPath, categoryPath, labelPath } from './price-paths';
import { alignPrintings, type CardLevel } from './printings';
import { derivePrng, type Prng } from './prng';

export interface SeedOptions {
  seed?: number;
  /** YYYY-MM-DD, the day of the latest sales; default `defaultAsOf()`, yesterday (UTC). */
  asOf?: string;
  scale?: Scale;
  /** Also return the generator's true price paths (for the accuracy benchmarks). */
  truth?: boolean;
  onProgress?: (line: string) => void;
}

export interface SeedSummary {
  cards: number;
  sales: number;
  /** Listings: one row each, however often repriced. */
  listings: number;
  /** With `truth: true`: the true price paths (never stored). */
  truth?: MarketTruth;
}

/**
 * Each category's share of the market's sales (eBay-like: Pokemon and the big four sports lead;
 * high-end cards trade rarely).
 */
const CATEGORY_TRADE_SHARE: Record<Category, number> = {
  baseball: 13,
  basketball: 14,
  football: 12,
  soccer: 6,
  hockey: 4,
  wnba: 2,
  golf: 1,
  tennis: 1,
  racing: 2,
  combat: 1.5,
  wrestling: 1.5,
  pokemon: 20,
  magic: 4,
  yugioh: 4,
  tcg: 4,
  vintage: 4,
  highend: 1,
  misc: 2,
  other: 1.5,
};

/** Days of sales history up to and including the as-of day. */
export const HISTORY_DAYS = 400;
const SALES_TARGET: Record<Scale, number> = { full: 1_050_000, small: 60_000 };
const MAX_SALES_PER_CARD = 3000;
/** Listings start this many days before the first index day, so its snapshot holds a full book. */
const LISTING_LEAD_DAYS = 60;
/** Each anchored grade of an iconic card has a sale within this many days of the as-of. */
export const ANCHOR_SALE_DAYS = 365;

/**
 * The as-of day when none is given: yesterday (UTC), the last whole day, so that every sale and
 * listing of the demo market lies in the past. (As of today, the day's sales would run to 23:59,
 * hours ahead of the clock, and `as_of` would be a time still to come.) Never before the index's
 * first day.
 */
export function defaultAsOf(now: Date = new Date()): string {
  const yesterday = dayNumberOfDate(now.toISOString().slice(0, 10)) - 1;
  return dateOfDayNumber(Math.max(yesterday, dayNumberOfDate(INDEX_START_DATE)));
}

export function isMarketEmpty(db: Db): boolean {
  return isStoreMarketEmpty(db);
}

/**
 * Replaces the market (cards, sales, listings, derived tables) with the demo market of `seed` as of
 * `asOf`, in one transaction: keys and their usage stay. Deterministic: everything random comes
 * from the seeded PRNG, so the same seed and as-of give the same store, row for row. With
 * `truth: true` it also returns the true price paths it drew from (market-truth.ts).
 */
export function seedDemoMarket(db: Db, options: SeedOptions = {}): SeedSummary {
  const seed = options.seed ?? 1;
  const scale = options.scale ?? 'full';
  const asOf = options.asOf ?? defaultAsOf();
  const progress = options.onProgress ?? (() => {});
  if (!isCalendarDate(asOf)) {
    throw new Error(`as-of must be a date as YYYY-MM-DD, got "${asOf}".`);
  }
  if (asOf < INDEX_START_DATE) {
    throw new Error(`as-of must be on or after ${INDEX_START_DATE}, the first day of the index.`);
  }

  const asOfDay = dayNumberOfDate(asOf);
  const firstDay = asOfDay - HISTORY_DAYS + 1;
  const catalogue = buildCatalogue(seed, scale, Number(asOf.slice(0, 4)));
  progress(
    `demo market: seed ${seed}, as of ${asOf}, ${scale}: ${catalogue.length.toLocaleString('en-US')} cards`,
  );

  const paths = createPathSource(seed);
  // First pass: each card's grades and price level, so that its demand can weigh in its price.
  const { prngs, levels } = cardLevels(catalogue, seed);
  const cards = catalogue.map((card, index) => {
    const { profile, psa9AtAsOf, psa9Start } = levels[index] as CardLevel;
    const prng = prngs[index] as Prng;
    return {
      card,
      prng,
      profile,
      psa9AtAsOf,
      psa9Start,
      typical: typicalPrice(profile, psa9AtAsOf ?? psa9Start),
    };
  });
  // Each category gets its share of the market's trades; within it, a card trades by its demand.
  const demand = cards.map(({ card, typical }) => tradeRate(card.popularity, typical));
  const categoryDemand = new Map<string, number>();
  cards.forEach(({ card }, i) => {
    categoryDemand.set(card.category, (categoryDemand.get(card.category) ?? 0) + (demand[i] as number));
  });
  const totalShare = CATEGORIES.reduce((sum, category) => sum + CATEGORY_TRADE_SHARE[category], 0);
  const salesScale = cards.map(
    ({ card }) =>
      (SALES_TARGET[scale] * CATEGORY_TRADE_SHARE[card.category]) /
      totalShare /
      (categoryDemand.get(card.category) as number),
  );
  const listingFirstDay = Math.max(firstDay, dayNumberOfDate(INDEX_START_DATE) - LISTING_LEAD_DAYS);
  const listingSpan = asOfDay - listingFirstDay + 1;
  const ownPath = new Float64Array(HISTORY_DAYS);
  const summary: SeedSummary = { cards: catalogue.length, sales: 0, listings: 0 };
  const truth: MarketTruth | undefined = options.truth
    ? {
        seed,
        asOf,
        firstDate: dateOfDayNumber(firstDay),
        days: HISTORY_DAYS,
        labels: [],
        cardDays: TRUTH_CARD_DAYS,
        cards: [],
      }
    : undefined;

  const write = db.transaction(() => {
    clearMarket(db);
    const writer = createMarketWriter(db);
    catalogue.forEach((card, index) => {
      writer.insertCard({ id: index + 1, category: card.category, label: card.label, title: card.title });
    });
    progress('cards written; drawing sales and listings');
    let nextReport = SALES_TARGET[scale] / 5;
    cards.forEach(({ card, prng, profile, psa9AtAsOf, psa9Start }, index) => {
      const cardId = index + 1;
      const market = paths.label(card.category, card.label);
      cardPath(prng, ownPath, card.anchors !== undefined);
      const last = HISTORY_DAYS - 1;
      // ln of the card's PSA 9 price before its paths: anchored cards meet their anchors at the as-of.
      const logLevel =
        psa9AtAsOf === null
          ? Math.log(psa9Start)
          : Math.log(psa9AtAsOf) - (market[last] as number) - (ownPath[last] as number);
      const psa9On = (day: number): number => {
        const d = Math.min(last, Math.max(0, day - firstDay));
        return Math.exp(logLevel + (market[d] as number) + (ownPath[d] as number));
      };
      const cardMarket: CardMarket = {
        cardId,
        profile,
        priceOn: (day, gradeIndex) =>
          modelPrice(
            psa9On(day),
            profile.multiple[gradeIndex] as number,
            profile.grades[gradeIndex] as string,
          ),
      };

      // Sales: stochastic rounding of the card's share of the market's trades; a numbered card
      // sells no more often than its few copies allow.
      let expected = Math.min(MAX_SALES_PER_CARD, (demand[index] as number) * (salesScale[index] as number));
      if (card.printRun !== undefined) expected = Math.min(expected, Math.max(0.6, card.printRun * 0.3));
      const count = Math.floor(expected) + (prng.next() < expected % 1 ? 1 : 0);
      const span = { firstDay, days: HISTORY_DAYS };
      const listingWindow = { firstDay: listingFirstDay, span: listingSpan, asOfDay };
      if (card.printRun === 1) {
        const written = writeOneOfOne(writer, prng, cardMarket, span, listingWindow, Math.min(count, 2));
        summary.sales += written.sales;
        summary.listings += written.listings;
      } else {
        const lastSold = new Map<string, number>();
        writeCardSales(writer, prng, cardMarket, span, count, undefined, (soldAt, gradeIndex) => {
          lastSold.set(profile.grades[gradeIndex] as string, soldAt);
        });
        summary.sales += count;
        // Every anchored grade sells at least once a year: collectors look these up first.
        const yearAgo = (asOfDay - ANCHOR_SALE_DAYS + 1) * DAY_MS;
        for (const grade of Object.keys(card.anchors ?? {})) {
          const gradeIndex = profile.grades.indexOf(grade);
          if (gradeIndex < 0 || (lastSold.get(grade) ?? Number.NEGATIVE_INFINITY) >= yearAgo) continue;
          const lastYear = { firstDay: asOfDay - ANCHOR_SALE_DAYS + 1, days: ANCHOR_SALE_DAYS };
          writeCardSales(writer, prng, cardMarket, lastYear, 1, gradeIndex);
          summary.sales += 1;
        }
        // Listings: about as many up at once as the card's trade supports.
        const concurrent = Math.min(10, 0.25 + 1.1 * Math.sqrt(count / 40));
        summary.listings += writeCardListings(writer, prng, cardMarket, listingWindow, concurrent);
      }

      if (truth && (expected >= TRUTH_MIN_EXPECTED_SALES || card.anchors !== undefined)) {
        truth.cards.push({
          title: card.title,
          category: card.category,
          label: card.label,
          expectedSales: significant(expected),
          anchored: card.anchors !== undefined,
          grades: Object.fromEntries(
            profile.grades.map((grade, i) => [grade, significant(profile.multiple[i] as number)]),
          ),
          psa9: Array.from({ length: TRUTH_CARD_DAYS }, (_, i) =>
            significant(psa9On(asOfDay - TRUTH_CARD_DAYS + 1 + i)),
          ),
        });
      }
      if (summary.sales >= nextReport) {
        progress(
          `sales ${summary.sales.toLocaleString('en-US')}, listing rows ${summary.listings.toLocaleString('en-US')}`,
        );
        nextReport += SALES_TARGET[scale] / 5;
      }
    });
    recordDataOrigin(db, 'demo');
    const counts = writePopulationReport(db, catalogue, asOf);
    progress(`population report: ${counts.toLocaleString('en-US')} counts (synthetic)`);
    progress(
      `${summary.sales.toLocaleString('en-US')} sales, ${summary.listings.toLocaleString('en-US')} listing rows written; rebuilding derived tables`,
    );
    const rebuilt = rebuildDerived(db, derivedComputation);
    progress(
      `derived tables: ${rebuilt.snapshotDays} snapshot days to ${rebuilt.snapshotDate}, ${rebuilt.movers} movers`,
    );
  });
  write.immediate();
  if (truth) {
    truth.labels = paths.labels().map(({ category, label, path }) => ({
      category,
      label,
      level: Array.from(path, (value) => significant(Math.exp(value))),
    }));
    summary.truth = truth;
  }
  return summary;
}

/**
 * Each card's ladder and price level before its paths, and the card's own random stream (which
 * goes on to draw its path, sales and listings). Printings of one card (1st Edition, Shadowless,
 * Unlimited) share a ladder at multiples of each other (printings.ts).
 */
export function cardLevels(
  catalogue: readonly CatalogueCard[],
  seed: number,
): { prngs: Prng[]; levels: CardLevel[] } {
  const prngs = catalogue.map((_, index) => derivePrng(seed, 100_000 + index));
  const levels: CardLevel[] = catalogue.map((card, index) => {
    const { profile, psa9AtAsOf } = gradeProfile(card.era, prngs[index] as Prng, card.anchors);
    return {
      profile,
      psa9AtAsOf,
      psa9Start: card.basePrice / multipleOf(profile, REFERENCE_GRADE[card.era]),
    };
  });
  alignPrintings(catalogue, levels, seed);
  return { prngs, levels };
}

/**
 * The label paths (category path plus the label's own), drawn on first use in catalogue order,
 * each from its own stream so that the draw does not depend on other labels.
 */
function createPathSource(seed: number) {
  const categories = new Map<string, Float64Array>();
  const labels = new Map<string, { category: string; label: string; path: Float64Array }>();
  return {
    label(category: string, label: string): Float64Array {
      const key = `${category}\u0000${label}`;
      let entry = labels.get(key);
      if (!entry) {
        let categoryLevel = categories.get(category);
        if (!categoryLevel) {
          categoryLevel = categoryPath(derivePrng(seed, 2_000 + categories.size), HISTORY_DAYS);
          categories.set(category, categoryLevel);
        }
        const own = labelPath(derivePrng(seed, 10_000 + labels.size), HISTORY_DAYS);
        const path = new Float64Array(HISTORY_DAYS);
        for (let d = 0; d < HISTORY_DAYS; d += 1) path[d] = (categoryLevel[d] as number) + (own[d] as number);
        entry = { category, label, path };
        labels.set(key, entry);
      }
      return entry.path;
    },
    labels: () => [...labels.values()],
  };
}

function multipleOf(profile: GradeProfile, grade: string): number {
  const index = profile.grades.indexOf(grade);
  if (index < 0) throw new Error(`grade profile lacks its reference grade ${grade}`);
  return profile.multiple[index] as number;
}

/** A card's usual sale price: its PSA 9 level times the geometric mean of its grades' multiples, by share. */
function typicalPrice(profile: GradeProfile, psa9: number): number {
  let logSum = 0;
  let previous = 0;
  profile.grades.forEach((grade, i) => {
    const share = (profile.cumulative[i] as number) - previous;
    previous = profile.cumulative[i] as number;
    logSum += share * Math.log(modelPrice(psa9, profile.multiple[i] as number, grade));
  });
  return Math.exp(logSum);
}

/**
 * How often a card trades: its demand, damped by its price (a $40,000 card changes hands far less
 * often than a $40 one of the same appeal).
 */
function tradeRate(popularity: number, typicalPrice: number): number {
  return popularity ** 1.7 * Math.min(1, (250 / typicalPrice) ** 0.6);
}

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = dayNumberOfDate(text);
  return Number.isFinite(day) && dateOfDayNumber(day) === text;
}
