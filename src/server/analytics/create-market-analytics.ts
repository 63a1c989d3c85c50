import type { Db } from '../store/database';
import { createMarketReader } from '../store/market-reader';
import type { QueryContext } from './card-sales';
import { requireAsOf } from './card-sales';
import { type CatalogueWords, catalogueWords } from './catalogue-words';
import { categoriesData } from './categories';
import { enrichedValueData } from './enriched-value';
import { floorData } from './floor';
import { indexData } from './index-series';
import type { MarketAnalytics } from './market-analytics';
import { moversData } from './movers';
import { loadSaleColumns, type SaleColumns } from './sale-columns';
import { soldData } from './sold';
import { valueData } from './value';
import { createVersionedCache } from './versioned-cache';

/**
 * The analytics over one open store. Every call reads the store's current data version, as-of and
 * snapshot date, so a seed or ingest by another process shows at once. The snapshot operations
 * (categories, floor, index, movers) keep their answers per data version; the q-driven ones are
 * computed on every call from the sale columns and the catalogue's words, which are loaded once
 * per data version (`warm` loads them ahead of the first call). Returned objects are read-only.
 */
export function createMarketAnalytics(db: Db): MarketAnalytics & { warm(): void } {
  const reader = createMarketReader(db);
  const cache = createVersionedCache();
  const cached = <P, T>(operation: string, compute: (params: P) => T) => {
    return (params: P): T =>
      cache.get(reader.state().dataVersion, `${operation} ${JSON.stringify(params)}`, () => compute(params));
  };
  let loaded: { version: number; columns: SaleColumns; words: CatalogueWords } | null = null;
  const context = (): QueryContext => {
    const state = reader.state();
    const asOfMs = requireAsOf(state.asOfMs);
    if (loaded === null || loaded.version !== state.dataVersion) {
      loaded = {
        version: state.dataVersion,
        columns: loadSaleColumns(reader, state.dataVersion),
        words: catalogueWords(reader.titles()),
      };
    }
    return { reader, asOfMs, columns: loaded.columns, words: loaded.words };
  };
  return {
    categories: cached('categories', (params) => categoriesData(reader, params)),
    floor: cached('floor', (params) => floorData(reader, params)),
    index: cached('index', (params) => indexData(reader, params)),
    movers: cached('movers', (params) => moversData(reader, params)),
    sold: (params) => soldData(context(), params),
    value: (params) => valueData(context(), params),
    enrichedValue: (params) => enrichedValueData(context(), params),
    warm: () => {
      if (reader.state().asOfMs !== null) context();
    },
  };
}
