import {
  type QueryFunction,
  type QueryFunctionContext,
  useQueries,
  useQueryClient,
} from '@tanstack/react-query';
import { exactTitleQuery } from '../../../contract/card-query';
import type { ValueData } from '../../../contract/resources';
import { isApiError } from '../../lib/api/api-error';
import { requestUrl } from '../../lib/api/api-request';
import { type ApiQueryKey, valueQuery } from '../../lib/api/queries';
import { keptAnswer } from '../../lib/api/revalidation';
import type { ApiConnection } from '../../lib/api/use-api-connection';
import { type CollectionItem, pairKey } from '../../lib/collection/collection-item';
import { humaneHint } from '../../lib/format';
import type { PairValue } from './collection-totals';

export interface Pair {
  title: string;
  grade: string;
}

/** Each card and grade once, in the collection's order. */
export function pairsOf(items: readonly CollectionItem[]): Pair[] {
  const seen = new Map<string, Pair>();
  for (const item of items)
    if (!seen.has(pairKey(item))) seen.set(pairKey(item), { title: item.title, grade: item.grade });
  return [...seen.values()];
}

/** The value call of one card in one grade: its exact title in double quotes, and the grade. */
export const pairValueQuery = (api: ApiConnection, pair: Pair) =>
  valueQuery(api, { q: exactTitleQuery(pair.title), grade: pair.grade });

export function pairValueOf(data: ValueData | undefined, error: unknown): PairValue {
  if (data !== undefined)
    return {
      status: 'valued',
      value: data.value,
      low: data.low,
      high: data.high,
      sampleSize: data.sample_size,
      confidence: data.confidence,
      windowDays: data.window_days ?? 90,
      nextSale: data.next_sale,
    };
  if (isApiError(error) && error.problem.kind === 'http' && error.problem.code === 'no_match')
    return { status: 'no_sales' };
  if (error)
    return { status: 'failed', message: isApiError(error) ? humaneHint(error.message) : String(error) };
  return { status: 'pending' };
}

/** Resolves in a task of its own (a timer's). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A pair's value and the same object again while its answer is the same (so an unchanged line is not drawn again). */
const valuedOf = new WeakMap<ValueData, PairValue>();
function cachedPairValueOf(data: ValueData | undefined, error: unknown): PairValue {
  if (data === undefined) return pairValueOf(data, error);
  let value = valuedOf.get(data);
  if (value === undefined) {
    value = pairValueOf(data, error);
    valuedOf.set(data, value);
  }
  return value;
}

/**
 * The value of every card and grade of the collection. A pair never asked is asked once (a call);
 * an answer already in the cache is shown as it is, never asked again on its own: asking again is
 * the refresh (`refresh`), which the page prices first (refresh-cost.ts).
 *
 * Each call starts in a task of its own, so that a large collection's calls do not make one long
 * task of the page.
 */
export function useCollectionValues(api: ApiConnection, items: readonly CollectionItem[]) {
  const client = useQueryClient();
  const pairs = pairsOf(items);
  const results = useQueries({
    queries: pairs.map((pair) => {
      const query = pairValueQuery(api, pair);
      const ask = query.queryFn as QueryFunction<ValueData, ApiQueryKey>;
      return {
        ...query,
        queryFn: async (context: QueryFunctionContext<ApiQueryKey>) => {
          await nextTask();
          return ask(context);
        },
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnMount: false,
      };
    }),
  });
  const values = new Map<string, PairValue>();
  pairs.forEach((pair, i) => {
    const result = results[i];
    values.set(pairKey(pair), cachedPairValueOf(result?.data, result?.error));
  });
  const answers = pairs.map((pair, i) => {
    const query = pairValueQuery(api, pair);
    return {
      pair,
      updatedAt: results[i]?.dataUpdatedAt ?? 0,
      revalidates: keptAnswer(requestUrl(query.queryKey[1])) !== undefined,
    };
  });
  const fetching = results.some((result) => result.isFetching);
  const asOf = results.find((result) => result.data !== undefined)?.data?.as_of.slice(0, 10) ?? null;
  const refresh = () =>
    Promise.all(
      pairs.map((pair) =>
        client.refetchQueries({ queryKey: pairValueQuery(api, pair).queryKey, exact: true }),
      ),
    );
  return { pairs, values, answers, fetching, refresh, asOf };
}
