import type {
  CategoriesParams,
  FloorParams,
  IndexParams,
  MoversParams,
  SoldParams,
  ValueParams,
} from '../../contract/params';
import type {
  CategoryIndexData,
  CategoryLabelsData,
  EnrichedValueData,
  FloorData,
  IndexData,
  MoversData,
  SoldData,
  ValueData,
} from '../../contract/resources';

/**
 * What the HTTP layer asks of the store: exactly the `data` of each operation, computed by
 * decisions.md, from parameters already validated by the contract's schemas. Methods throw
 * AnalyticsError for `no_match` (and for invalid input only the store can judge).
 */
export interface MarketAnalytics {
  categories(params: CategoriesParams): CategoryIndexData | CategoryLabelsData;
  floor(params: FloorParams): FloorData;
  index(params: IndexParams): IndexData;
  sold(params: SoldParams): SoldData;
  movers(params: MoversParams): MoversData;
  value(params: ValueParams): ValueData;
  enrichedValue(params: ValueParams): EnrichedValueData;
}
