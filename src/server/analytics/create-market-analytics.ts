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

/**
 * The analytics over one open store. Holds prepared statements only, no data: every call reads the
 * current as-of and snapshot date from the store, so a seed or ingest by another process shows at
 * once.
 */
export function createMarketAnalytics(db: Db): MarketAnalytics {
  const reader = createMarketReader(db);
  return {
    categories: (params) => categoriesData(reader, params),
    floor: (params) => floorData(reader, params),
    index: (params) => indexData(reader, params),
    sold: (params) => soldData(reader, params),
    movers: (params) => moversData(reader, params),
    value: (params) => valueData(reader, params),
    enrichedValue: (params) => enrichedValueData(reader, params),
  };
}
