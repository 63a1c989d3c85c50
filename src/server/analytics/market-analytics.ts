import type {
  CardsParams,
  CategoriesParams,
  FloorParams,
  HistoryParams,
  IndexParams,
  MoversParams,
  SalesIndexParams,
  SoldParams,
  ValueParams,
} from '../../contract/params';
import type {
  AccuracyData,
  CardsData,
  CategoryIndexData,
  CategoryLabelsData,
  EnrichedValueData,
  FloorData,
  HistoryData,
  IndexData,
  MoversData,
  SalesIndexData,
  SoldData,
  ValueData,
} from '../../contract/resources';

/**
 * What the HTTP layer asks of the store: exactly the `data` of each operation, computed by
 * decisions.md, from parameters already validated by the contract's schemas, on either store (the
 * reads are asynchronous). Methods reject with AnalyticsError for `no_match` (and for invalid input
 * only the store can judge).
 */
export interface MarketAnalytics {
  categories(params: CategoriesParams): Promise<CategoryIndexData | CategoryLabelsData>;
  floor(params: FloorParams): Promise<FloorData>;
  index(params: IndexParams): Promise<IndexData>;
  sold(params: SoldParams): Promise<SoldData>;
  movers(params: MoversParams): Promise<MoversData>;
  value(params: ValueParams): Promise<ValueData>;
  enrichedValue(params: ValueParams): Promise<EnrichedValueData>;
  cards(params: CardsParams): Promise<CardsData>;
  history(params: HistoryParams): Promise<HistoryData>;
  salesIndex(params: SalesIndexParams): Promise<SalesIndexData>;
  /** Keyless (`/v1/accuracy`). */
  accuracy(): Promise<AccuracyData>;
}
