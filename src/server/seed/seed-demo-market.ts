import { INDEX_START_DATE } from '../../contract/params';
import type { Db } from '../store/database';
import { clearMarket, createMarketWriter, isStoreMarketEmpty } from '../store/market-writer';
import { rebuildDerived } from '../store/rebuild-derived';
import { dateOfDayNumber, dayNumberOfDate } from '../store/time';
import { type CardMarket, writeCardListings, writeCardSales } from './card-history';
import { buildCatalogue, type Scale } from './catalogue/build-catalogue';
import type { CatalogueCard } from './catalogue/catalogue-card';
import { MODERN_GRADES, VINTAGE_GRADES } from './grade-model';
import { cardPath, labelPath } from './price-paths';
import { derivePrng } from './prng';

export interface SeedOptions {
  seed?: number;
  /** YYYY-MM-DD, the day of the latest sales; default `defaultAsOf()`, yesterday (UTC). */
  asOf?: string;
  scale?: Scale;
  onProgress?: (line: string) => void;
}

export interface SeedSummary {
  cards: number;
  sales: number;
  listings: number;
}

/** Days of sales history up to and including the as-of day. */
export const HISTORY_DAYS = 400;
const SALES_TARGET: Record<Scale, number> = { full: 1_050_000, small: 60_000 };
const MAX_SALES_PER_CARD = 3000;
/** Listings start this many days before the first index day, so its snapshot holds a full book. */
const LISTING_LEAD_DAYS = 60;

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
 * from the seeded PRNG, so the same seed and as-of give the same store, row for row.
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

  const demand = catalogue.map(tradeRate);
  const totalPopularity = demand.reduce((sum, rate) => sum + rate, 0);
  const salesScale = SALES_TARGET[scale] / totalPopularity;
  const listingFirstDay = Math.max(firstDay, dayNumberOfDate(INDEX_START_DATE) - LISTING_LEAD_DAYS);
  const listingSpan = asOfDay - listingFirstDay + 1;
  const labelPaths = new Map<string, Float64Array>();
  const pathPrng = derivePrng(seed, 1);
  const ownPath = new Float64Array(HISTORY_DAYS);
  const summary: SeedSummary = { cards: catalogue.length, sales: 0, listings: 0 };

  const write = db.transaction(() => {
    clearMarket(db);
    const writer = createMarketWriter(db);
    catalogue.forEach((card, index) => {
      writer.insertCard({ id: index + 1, category: card.category, label: card.label, title: card.title });
    });
    progress('cards written; drawing sales and listings');
    let nextReport = SALES_TARGET[scale] / 5;
    catalogue.forEach((card, index) => {
      const cardId = index + 1;
      const prng = derivePrng(seed, 100_000 + index);
      const labelKey = `${card.category}\u0000${card.label}`;
      let market = labelPaths.get(labelKey);
      if (!market) {
        market = labelPath(pathPrng, HISTORY_DAYS);
        labelPaths.set(labelKey, market);
      }
      cardPath(prng, ownPath);
      const grades = card.era === 'vintage' ? VINTAGE_GRADES : MODERN_GRADES;
      const cardMarket: CardMarket = {
        cardId,
        grades,
        priceOn: (day, gradeIndex) => {
          const d = Math.min(HISTORY_DAYS - 1, Math.max(0, day - firstDay));
          return (
            card.basePrice *
            (grades.multiple[gradeIndex] as number) *
            Math.exp((market[d] as number) + (ownPath[d] as number))
          );
        },
      };

      // Sales: stochastic rounding of the card's share of the market's trades.
      const expected = Math.min(MAX_SALES_PER_CARD, (demand[index] as number) * salesScale);
      const count = Math.floor(expected) + (prng.next() < expected % 1 ? 1 : 0);
      writeCardSales(writer, prng, cardMarket, { firstDay, days: HISTORY_DAYS }, count);
      summary.sales += count;

      // Listings: about as many up at once as the card's trade supports.
      const concurrent = Math.min(10, 0.25 + 1.1 * Math.sqrt(count / 40));
      const listingCount = writeCardListings(
        writer,
        prng,
        cardMarket,
        { firstDay: listingFirstDay, span: listingSpan, asOfDay },
        concurrent,
      );
      summary.listings += listingCount;
      if (summary.sales >= nextReport) {
        progress(
          `sales ${summary.sales.toLocaleString('en-US')}, listings ${summary.listings.toLocaleString('en-US')}`,
        );
        nextReport += SALES_TARGET[scale] / 5;
      }
    });
    progress(
      `${summary.sales.toLocaleString('en-US')} sales, ${summary.listings.toLocaleString('en-US')} listings written; rebuilding derived tables`,
    );
    const rebuilt = rebuildDerived(db);
    progress(
      `derived tables: ${rebuilt.snapshotDays} snapshot days to ${rebuilt.snapshotDate}, ${rebuilt.movers} movers`,
    );
  });
  write.immediate();
  return summary;
}

/**
 * How often a card trades: its demand, damped by its price (a $40,000 card changes hands far less
 * often than a $40 one of the same appeal), which also keeps a label's mean price from swinging on
 * whether its one grail card happened to sell that week.
 */
function tradeRate(card: CatalogueCard): number {
  return card.popularity * Math.min(1, (250 / card.basePrice) ** 0.8);
}

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = dayNumberOfDate(text);
  return Number.isFinite(day) && dateOfDayNumber(day) === text;
}
