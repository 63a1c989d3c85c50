import type { Db } from '../store/database';
import { createMarketReader } from '../store/market-reader';
import { categoriesData } from './categories';
import { enrichedValueData } from './enriched-value';
import { floorData } from './floor';
import { indexData } from './index-series';
import type { MarketAnalytics } from './market-analytics';
import { moversData } from './movers';
import { soldData } from './sold';
import { valueData } from './value';
import { createVersionedCache } from './versioned-cache';

/**
 * The analytics over one open store. Every call reads the store's current data version, as-of and
 * snapshot date, so a seed or ingest by another process shows at once. The snapshot operations
 * (categories, floor, index, movers) keep their answers per data version; the q-driven ones are
 * computed on every call. Returned objects are read-only.
 */
export function createMarketAnalytics(db: Db): MarketAnalytics {
  const reader = createMarketReader(db);
  const cache = createVersionedCache();
  const cached = <P, T>(operation: string, compute: (params: P) => T) => {
    return (params: P): T =>
      cache.get(reader.state().dataVersion, `${operation} ${JSON.stringify(params)}`, () => compute(params));
  };
  return {
    categories: cached('categories', (params) => categoriesData(reader, params)),
    floor: cached('floor', (params) => floorData(reader, params)),
    index: cached('index', (params) => indexData(reader, params)),
    movers: cached('movers', (params) => moversData(reader, params)),
    sold: (params) => soldData(reader, params),
    value: (params) => valueData(reader, params),
    enrichedValue: (params) => enrichedValueData(reader, params),
  };
}
