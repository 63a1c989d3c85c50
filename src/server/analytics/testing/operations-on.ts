import type { MarketReader } from '../../store/market-reader';
import { marketContext, type WarmMarketContext } from '../market-context';
import { type DataOf, OPERATIONS, type OperationName, type ParamsOf } from '../operations';

/** Every operation of the table bound to one context, as a test asks it: `market.value({ q })`. */
export type BoundOperations = {
  [N in OperationName]: (...params: ParamsOf<N> extends undefined ? [] : [ParamsOf<N>]) => Promise<DataOf<N>>;
} & {
  context: WarmMarketContext;
};

/** The operations over one reader, with a context of their own. */
export function operationsOn(reader: MarketReader): BoundOperations {
  const context = marketContext(reader);
  const bound: Record<string, unknown> = { context };
  for (const name of Object.keys(OPERATIONS) as OperationName[]) {
    const operation = OPERATIONS[name] as (ctx: WarmMarketContext, params: unknown) => Promise<unknown>;
    bound[name] = (params: unknown) => operation(context, params);
  }
  return bound as BoundOperations;
}
