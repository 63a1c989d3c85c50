import type { MarketReader } from '../store/market-reader';
import { type CardMatches, cardMatches, type QueryContext, requireAsOf } from './card-sales';
import { type CardCatalogue, cardCatalogue } from './card-scope';
import { type CatalogueWords, catalogueWords } from './catalogue-words';
import { loadSaleColumns, type SaleColumns } from './sale-columns';

/** What every operation reads from: the store, and the q-driven operations' in-memory market. */
export interface MarketContext {
  reader: MarketReader;
  /**
   * The store's as-of time, sale columns, words and catalogue of its current data version, loaded
   * once per version by one load that concurrent calls share; no_match while the store has no sale.
   */
  query(): Promise<QueryContext>;
}

/** A market context that can load its current data version ahead of the first call (keep-warm.ts). */
export interface WarmMarketContext extends MarketContext {
  /** Loads the current data version, true if it was not loaded yet (false too for a store without sales). */
  warm(): Promise<boolean>;
}

interface Loaded {
  columns: SaleColumns;
  words: CatalogueWords;
  catalogue: CardCatalogue;
  matches: CardMatches;
}

/**
 * The context of one store's reader (SQLite or PostgreSQL). Each call reads the store's current
 * data version and as-of time, so a seed or ingest by another process shows at once. It keeps no
 * answers: the response cache (http/response-cache.ts) does.
 */
export function marketContext(reader: MarketReader): WarmMarketContext {
  let loading: { version: number; promise: Promise<Loaded> } | null = null;
  const load = (version: number): Promise<Loaded> => {
    if (loading === null || loading.version !== version) {
      const promise = (async () => ({
        columns: await loadSaleColumns(reader, version),
        words: catalogueWords(await reader.titles()),
        catalogue: cardCatalogue(await reader.allCards()),
        matches: cardMatches(reader),
      }))();
      loading = { version, promise };
      // A failed load (a store fault) is not kept: the next call tries again.
      promise.catch(() => {
        if (loading?.promise === promise) loading = null;
      });
    }
    return loading.promise;
  };
  return {
    reader,
    query: async () => {
      const state = await reader.state();
      const asOfMs = requireAsOf(state.asOfMs);
      return { reader, asOfMs, ...(await load(state.dataVersion)) };
    },
    warm: async () => {
      const state = await reader.state();
      if (state.asOfMs === null) return false;
      const fresh = loading?.version !== state.dataVersion;
      await load(state.dataVersion);
      return fresh;
    },
  };
}
