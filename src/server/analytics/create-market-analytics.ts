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

/**
 * The analytics over one open store. Every call reads the store's current data version, as-of and
 * snapshot date, so a seed or ingest by another process shows at once. Nothing here keeps answers:
 * the HTTP layer's response cache (http/response-cache.ts) is the one answer cache. The q-driven
 * operations are computed from the sale columns and the catalogue's words, which are loaded once
 * per data version (`warm` loads them ahead of the first call).
 */
export function createMarketAnalytics(db: Db): MarketAnalytics & { warm(): void } {
  const reader = createMarketReader(db);
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
    categories: (params) => categoriesData(reader, params),
    floor: (params) => floorData(reader, params),
    index: (params) => indexData(reader, params),
    movers: (params) => moversData(reader, params),
    sold: (params) => soldData(context(), params),
    value: (params) => valueData(context(), params),
    enrichedValue: (params) => enrichedValueData(context(), params),
    warm: () => {
      if (reader.state().asOfMs !== null) context();
    },
  };
}
