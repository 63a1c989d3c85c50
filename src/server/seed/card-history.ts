import type { MarketWriter } from '../store/sqlite/market-writer';
import { DAY_MS } from '../store/time';
import { drawGrade, GRADED_MIN_PRICE, type GradeProfile, RAW_MIN_PRICE } from './grade-model';
import { marketPrice } from './price-paths';
import type { Prng } from './prng';

/** One card's market: its grades and the model price of a grade on a day (UTC day number). */
export interface CardMarket {
  cardId: number;
  profile: GradeProfile;
  priceOn(day: number, gradeIndex: number): number;
}

/** Days of the sales history: `days` days from `firstDay`. */
export interface HistorySpan {
  firstDay: number;
  days: number;
}

/**
 * How far one sale lands from the model price (log standard deviation): two copies of the same card
 * in the same grade sell within a few percent of each other, raw copies (condition unknown) less so.
 * With these, the like-for-like movers read the true direction of 82 to 89 % of labels over seeds
 * 1 to 5 (docs/bench/accuracy.md); at 7 % the direction dropped to 71 % on some seeds.
 */
export const SALE_NOISE = { graded: 0.035, raw: 0.07 } as const;

const minPriceOf = (grade: string): number => (grade === 'Raw' ? RAW_MIN_PRICE : GRADED_MIN_PRICE);

/** A sale's or an ask's price: market rounding, never below the floor of its grade. */
function roundedPrice(value: number, grade: string): number {
  return Math.max(minPriceOf(grade), marketPrice(value));
}

function salePrice(market: CardMarket, prng: Prng, day: number, gradeIndex: number): number {
  const grade = market.profile.grades[gradeIndex] as string;
  const noise = grade === 'Raw' ? SALE_NOISE.raw : SALE_NOISE.graded;
  return roundedPrice(market.priceOn(day, gradeIndex) * Math.exp(noise * prng.normal()), grade);
}

/**
 * The card's sales: `count` times spread over the history with volume rising over the period (the
 * market grows), in time order; grade by the card's mix (or always `fixedGrade`), price = model
 * price with sale noise. Returns the sale times (ms), ascending.
 */
export function writeCardSales(
  writer: MarketWriter,
  prng: Prng,
  market: CardMarket,
  span: HistorySpan,
  count: number,
  fixedGrade?: number,
  onSale?: (soldAt: number, gradeIndex: number) => void,
): Float64Array {
  const times = new Float64Array(count);
  for (let i = 0; i < count; i += 1) {
    const x = growingVolume(prng.next());
    const day = span.firstDay + Math.min(span.days - 1, Math.floor(x * span.days));
    times[i] = day * DAY_MS + Math.floor(prng.next() * 86_400) * 1000;
  }
  times.sort();
  for (const soldAt of times) {
    const gradeIndex = fixedGrade ?? drawGrade(market.profile, prng);
    writer.insertSale({
      cardId: market.cardId,
      grade: market.profile.grades[gradeIndex] as string,
      price: salePrice(market, prng, Math.floor(soldAt / DAY_MS), gradeIndex),
      soldAt,
    });
    onSale?.(soldAt, gradeIndex);
  }
  return times;
}

export const LISTING_MEAN_DAYS = 28;
/** A seller reprices an unsold listing every week, toward the market. */
export const REPRICE_DAYS = 7;

/**
 * One listing from `startMs` to `endMs` (null: still up after the as-of): it asks `markup` over the
 * model price, and every week the seller reprices it at the market of that day with the premium
 * cut by a fifth. It is one row, as a feed reports a listing: its original listing date and its
 * latest ask (the ask when it ended, or at the as-of while still up), so an old listing looks old.
 */
function writeListing(
  writer: MarketWriter,
  market: CardMarket,
  gradeIndex: number,
  startMs: number,
  endMs: number | null,
  asOfEndMs: number,
  firstMarkup: number,
): number {
  const grade = market.profile.grades[gradeIndex] as string;
  const lastMs = endMs ?? asOfEndMs;
  let markup = firstMarkup;
  let pricedAt = startMs;
  while (pricedAt + REPRICE_DAYS * DAY_MS < lastMs) {
    pricedAt += REPRICE_DAYS * DAY_MS;
    markup = 1 + (markup - 1) * 0.8;
  }
  writer.insertListing({
    cardId: market.cardId,
    grade,
    price: roundedPrice(market.priceOn(Math.floor(pricedAt / DAY_MS), gradeIndex) * markup, grade),
    listedAt: startMs,
    endedAt: endMs,
  });
  return 1;
}

const firstMarkup = (prng: Prng) => 1.1 + 0.35 * prng.next();

/**
 * The card's listings over `span` days from `firstDay`: about `concurrent` up at any time, each up
 * for an exponential ~4 weeks, asking 10-45 % over the model price when new and repriced weekly;
 * those not ended by the end of the as-of day are active. Returns how many listings were written.
 */
export function writeCardListings(
  writer: MarketWriter,
  prng: Prng,
  market: CardMarket,
  window: { firstDay: number; span: number; asOfDay: number },
  concurrent: number,
): number {
  const count = Math.round((concurrent * window.span) / LISTING_MEAN_DAYS + prng.next() - 0.5);
  const asOfEnd = (window.asOfDay + 1) * DAY_MS;
  let rows = 0;
  for (let i = 0; i < count; i += 1) {
    const listedMs = Math.floor(((window.firstDay + prng.next() * window.span) * DAY_MS) / 1000) * 1000;
    const duration = Math.max(0.5, -Math.log(1 - prng.next()) * LISTING_MEAN_DAYS) * DAY_MS;
    const endMs = Math.floor((listedMs + duration) / 1000) * 1000;
    const gradeIndex = drawGrade(market.profile, prng);
    rows += writeListing(
      writer,
      market,
      gradeIndex,
      listedMs,
      endMs < asOfEnd ? endMs : null,
      asOfEnd,
      firstMarkup(prng),
    );
  }
  return rows;
}

/**
 * A one-of-one: one copy in one grade. It sells `sales` times; before each sale its owner lists it
 * (one listing, ending at the sale), and after the last it may be up again; never two listings on
 * one day (the next owner lists it from the day after the sale at the earliest). Returns the sales
 * and listing rows written.
 */
export function writeOneOfOne(
  writer: MarketWriter,
  prng: Prng,
  market: CardMarket,
  span: HistorySpan,
  window: { firstDay: number; asOfDay: number },
  sales: number,
): { sales: number; listings: number } {
  const gradeIndex = drawGrade(market.profile, prng);
  const times = writeCardSales(writer, prng, market, span, sales, gradeIndex);
  const asOfEnd = (window.asOfDay + 1) * DAY_MS;
  const windowStart = window.firstDay * DAY_MS;
  let listings = 0;
  // The first moment a new listing may start: the day after the previous sale's day.
  let free = windowStart;
  for (const soldAt of times) {
    const start = Math.max(free, soldAt - (7 + prng.int(0, 38)) * DAY_MS);
    if (start < soldAt) {
      listings += writeListing(writer, market, gradeIndex, start, soldAt, asOfEnd, firstMarkup(prng));
    }
    free = (Math.floor(soldAt / DAY_MS) + 1) * DAY_MS;
  }
  if (prng.chance(0.35)) {
    const start = Math.max(free, asOfEnd - prng.int(3, 60) * DAY_MS);
    if (start < asOfEnd) {
      listings += writeListing(writer, market, gradeIndex, start, null, asOfEnd, firstMarkup(prng));
    }
  }
  return { sales, listings };
}

/** Position in [0, 1) drawn with density rising 40% from the first day to the last. */
function growingVolume(u: number): number {
  const a = 0.4;
  return (-1 + Math.sqrt(1 + 2 * a * u * (1 + a / 2))) / a;
}
