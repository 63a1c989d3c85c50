import type { MarketReader } from '../store/market-reader';
import { accuracyData } from './accuracy';
import { type CardMatches, cardMatches, type QueryContext, requireAsOf } from './card-sales';
import { type CardCatalogue, cardCatalogue } from './card-scope';
import { cardsData } from './cards';
import { type CatalogueWords, catalogueWords } from './catalogue-words';
import { categoriesData } from './categories';
import { enrichedValueData } from './enriched-value';
import { floorData } from './floor';
import { historyData } from './history';
import { indexData } from './index-series';
import type { MarketAnalytics } from './market-analytics';
import { moversData } from './movers';
import { practiceQuestions, practise } from './practice';
import { loadSaleColumns, type SaleColumns } from './sale-columns';
import { salesIndexData } from './sales-index';
import { soldData } from './sold';
import { valueData } from './value';

interface Loaded {
  version: number;
  columns: SaleColumns;
  words: CatalogueWords;
  catalogue: CardCatalogue;
  matches: CardMatches;
}

/**
 * The analytics, with `warm`: loads the current data version's columns and words, true if they
 * were not loaded yet; and `practise`: asks the expensive questions once so that V8 compiles them
 * (practice.ts), those not asked yet, for at most `withinMs` when given, awaiting `before()` before
 * each (the server: before it listens, then the rest after, each when no request is in flight).
 */
export type WarmMarketAnalytics = MarketAnalytics & {
  warm(): Promise<boolean>;
  practise(options?: { withinMs?: number; before?: () => Promise<void> }): Promise<void>;
};

/**
 * The analytics over one store's reader (SQLite or PostgreSQL). Every call reads the store's
 * current data version, as-of and snapshot date, so a seed or ingest by another process shows at
 * once. Nothing here keeps answers: the HTTP layer's response cache (http/response-cache.ts) is the
 * one answer cache. The q-driven operations are computed from the sale columns and the catalogue's
 * words, which are loaded once per data version, by one load that concurrent calls share (`warm`
 * loads them ahead of the first call; keep-warm.ts calls it at start and after each change).
 */
export function createMarketAnalytics(reader: MarketReader): WarmMarketAnalytics {
  let loading: { version: number; promise: Promise<Loaded> } | null = null;
  const load = (version: number): Promise<Loaded> => {
    if (loading === null || loading.version !== version) {
      const promise = (async () => ({
        version,
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
  const context = async (): Promise<QueryContext> => {
    const state = await reader.state();
    const asOfMs = requireAsOf(state.asOfMs);
    const loaded = await load(state.dataVersion);
    const { columns, words, catalogue, matches } = loaded;
    return { reader, asOfMs, columns, words, catalogue, matches };
  };
  /** The practice questions not asked yet (null: not made yet). */
  let left: (() => Promise<unknown>)[] | null = null;
  const analytics: WarmMarketAnalytics = {
    categories: (params) => categoriesData(reader, params),
    floor: (params) => floorData(reader, params),
    index: (params) => indexData(reader, params),
    movers: (params) => moversData(reader, params),
    salesIndex: (params) => salesIndexData(reader, params),
    accuracy: () => accuracyData(reader),
    sold: async (params) => soldData(await context(), params),
    value: async (params) => valueData(await context(), params),
    enrichedValue: async (params) => enrichedValueData(await context(), params),
    cards: async (params) => cardsData(await context(), params),
    history: async (params) => historyData(await context(), params),
    warm: async () => {
      const state = await reader.state();
      if (state.asOfMs === null) return false;
      const fresh = loading?.version !== state.dataVersion;
      await load(state.dataVersion);
      return fresh;
    },
    practise: async (options = {}) => {
      if (left === null) {
        if ((await reader.state()).asOfMs === null) return;
        left = practiceQuestions(analytics, (await context()).words.commonest(12));
      }
      const asking = left;
      left = [];
      const { withinMs, before } = options;
      left = await practise(asking, {
        ...(withinMs === undefined ? {} : { until: performance.now() + withinMs }),
        ...(before === undefined ? {} : { before }),
      });
    },
  };
  return analytics;
}
