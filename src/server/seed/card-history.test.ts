import { describe, expect, it } from 'vitest';
import type { MarketWriter } from '../store/sqlite/market-writer';
import { DAY_MS } from '../store/time';
import { type CardMarket, writeCardListings, writeOneOfOne } from './card-history';
import { createPrng } from './prng';

type Listing = Parameters<MarketWriter['insertListing']>[0];

function recorder() {
  const listings: Listing[] = [];
  const writer: MarketWriter = {
    insertCard: () => {},
    insertSale: () => {},
    insertListing: (listing) => listings.push(listing),
  };
  return { writer, listings };
}

/** One grade at a flat $1,000: an ask over it is the seller's markup. */
const flat: CardMarket = {
  cardId: 1,
  profile: { grades: ['PSA 10'], cumulative: Float64Array.of(1), multiple: Float64Array.of(1) },
  priceOn: () => 1000,
};
const AS_OF_DAY = 20_000;
const span = { firstDay: AS_OF_DAY - 399, days: 400 };
const window = { firstDay: AS_OF_DAY - 179, span: 180, asOfDay: AS_OF_DAY };
const day = (ms: number) => Math.floor(ms / DAY_MS);

describe('one-of-one listings', () => {
  it('never put two listings of the card on one day, over 300 drawn histories', () => {
    let checked = 0;
    for (let seed = 1; seed <= 300; seed += 1) {
      const { writer, listings } = recorder();
      writeOneOfOne(writer, createPrng(seed), flat, span, window, 2);
      listings.sort((a, b) => a.listedAt - b.listedAt);
      for (let i = 1; i < listings.length; i += 1) {
        const previous = listings[i - 1] as Listing;
        const next = listings[i] as Listing;
        expect(previous.endedAt, `seed ${seed}`).not.toBeNull();
        // A listing is in the snapshots up to the day before its end when it ends at midnight.
        expect(day(next.listedAt), `seed ${seed}`).toBeGreaterThan(day((previous.endedAt as number) - 1));
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe('repriced listings', () => {
  it('are one row each, on the original listing date, asking the latest repriced ask', () => {
    const { writer, listings } = recorder();
    writeCardListings(writer, createPrng(5), flat, window, 8);
    expect(listings.length).toBeGreaterThan(30);
    const asOfEnd = (AS_OF_DAY + 1) * DAY_MS;
    let old = 0;
    for (const listing of listings) {
      const end = listing.endedAt ?? asOfEnd;
      const weeks = Math.floor((end - listing.listedAt - 1) / (7 * DAY_MS));
      // First markup 10 % to 45 %, cut by a fifth at each weekly reprice.
      const low = 1000 * (1 + 0.1 * 0.8 ** weeks);
      const high = 1000 * (1 + 0.45 * 0.8 ** weeks);
      expect(listing.price).toBeGreaterThanOrEqual(Math.floor(low));
      expect(listing.price).toBeLessThanOrEqual(Math.ceil(high));
      if (end - listing.listedAt > 30 * DAY_MS) old += 1;
    }
    expect(old).toBeGreaterThan(5);
  });
});
