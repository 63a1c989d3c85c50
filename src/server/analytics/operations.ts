import type { z } from 'zod';
import type { ENDPOINTS, EndpointName } from '../../contract/endpoints';
import { accuracyData } from './accuracy';
import { cardMoversData } from './card-movers';
import { cardsData } from './cards';
import { categoriesData } from './categories';
import { enrichedValueData } from './enriched-value';
import { floorData } from './floor';
import { gradingData } from './grading';
import { historyData } from './history';
import { indexData } from './index-series';
import type { MarketContext } from './market-context';
import { moversData } from './movers';
import { salesIndexData } from './sales-index';
import { soldData } from './sold';
import { valueData } from './value';

/** The registry's operations the server answers itself, not from market data. */
export type ServiceName = 'ping' | 'indexDocument' | 'demoKey' | 'usage';

/** Every other operation of the registry (src/contract/endpoints.ts) is answered from market data. */
export type OperationName = Exclude<EndpointName, ServiceName>;

type Registered<N extends OperationName> = (typeof ENDPOINTS)[N];

/** An operation's parameters as its registry schema outputs them (none: `undefined`). */
export type ParamsOf<N extends OperationName> = Registered<N>['params'] extends z.ZodObject
  ? z.output<Registered<N>['params']>
  : undefined;

/** The `data` of an operation's 200 body. */
export type DataOf<N extends OperationName> = z.output<Registered<N>['body']>['data'];

export type Operation<N extends OperationName> = (
  ctx: MarketContext,
  params: ParamsOf<N>,
) => Promise<DataOf<N>>;

export type OperationTable = { [N in OperationName]: Operation<N> };

/**
 * Each operation's analytics, by its registry name. A registry entry without a line here, or a
 * line whose parameters or data differ from the registry's schemas, does not compile. A function
 * rejects with AnalyticsError for `no_match` (and for input only the store can judge).
 */
export const OPERATIONS: OperationTable = {
  categories: categoriesData,
  floor: floorData,
  index: indexData,
  sold: soldData,
  movers: moversData,
  value: valueData,
  enrichedValue: enrichedValueData,
  cards: cardsData,
  cardMovers: cardMoversData,
  history: historyData,
  salesIndex: salesIndexData,
  accuracy: accuracyData,
  grading: gradingData,
};
