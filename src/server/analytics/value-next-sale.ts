import type { ValueParams } from '../../contract/params';
import type { GradeValue, NextSale } from '../../contract/resources';
import { roundCents } from '../../contract/rounding';
import type { NextSaleModel } from '../store/derived-tables';
import type { MarketReader } from '../store/market-reader';
import { DAY_MS } from '../store/time';
import { type QueryContext, sampleInWindow } from './card-sales';
import {
  cellWeights,
  cohortScaleOf,
  forecastAt,
  type PreparedCell,
  type PreparedMarket,
  scratchFor,
  weekOf,
} from './derived/derive-next-sale';
import { type BucketQuantiles, COMPS_DAYS, forecastScale, MIN_COMPS, nextSaleOf } from './next-sale';
import { priceOfPacked } from './sale-columns';
import type { ValueSample } from './value-sample';

/**
 * The value operations' side of the next sale (decisions.md, "The next sale"): the model fitted at
 * the rebuild (derive-accuracy.ts), loaded once per data version, and each cell's forecast from
 * its comps as of the as-of time (at most about a thousand sales: computed per call, so that the
 * price filters apply to the comps as to the rest of the answer).
 */
export interface LiveModel {
  model: NextSaleModel;
  /** Per label: log levels by week number (index 0 unused): `chain` and `next`. */
  chain: Map<string, Float64Array>;
  next: Map<string, Float64Array>;
  quantiles: Map<string, BucketQuantiles>;
}

const loaded = new WeakMap<MarketReader, { version: number; promise: Promise<LiveModel | null> }>();

/** The next-sale model of the context's data version (null before any sale). */
export function liveModel(context: QueryContext): Promise<LiveModel | null> {
  const version = context.columns.dataVersion;
  const entry = loaded.get(context.reader);
  if (entry !== undefined && entry.version === version) return entry.promise;
  const promise = context.reader.nextSaleModel().then((model) => {
    if (model === null) return null;
    const byWeek = (levels: number[]) => Float64Array.from([0, ...levels]);
    return {
      model,
      chain: new Map(Object.entries(model.levels).map(([key, l]) => [key, byWeek(l.chain)])),
      next: new Map(Object.entries(model.levels).map(([key, l]) => [key, byWeek(l.next)])),
      quantiles: new Map(Object.entries(model.quantiles)),
    };
  });
  promise.catch(() => {
    if (loaded.get(context.reader)?.promise === promise) loaded.delete(context.reader);
  });
  loaded.set(context.reader, { version, promise });
  return promise;
}

/** The next sale of one card in one grade, with the request's price filters; null under 3 comps. */
export function cellNextSale(
  context: QueryContext,
  live: LiveModel,
  cardId: number,
  grade: string,
  params: ValueParams,
): NextSale | null {
  const comps = sampleInWindow(context, [cardId], COMPS_DAYS, {
    grade,
    minPrice: params.min_price,
    maxPrice: params.max_price,
  });
  if (comps.n < MIN_COMPS) return null;
  const { asOfMs } = context;
  const card = context.catalogue.byId.get(cardId);
  const category = card?.category ?? '';
  const label = card?.label ?? '';
  const key = `${category}\u0000${label}`;
  const levels = live.next.get(key) ?? new Float64Array(weekOf(asOfMs, asOfMs - COMPS_DAYS * DAY_MS) + 1);
  const times = comps.soldAt;
  const prices = Float64Array.from(comps.packed, priceOfPacked);
  const weeks = Int32Array.from(times, (ms) => weekOf(asOfMs, ms));
  const deflated = Float64Array.from(
    prices,
    (price, i) => Math.log(price) - (levels[weeks[i] as number] as number),
  );
  const cell: PreparedCell = {
    cardId,
    grade,
    category,
    label,
    times,
    prices,
    weeks,
    deflated,
    byDeflated: Int32Array.from(deflated, (_, i) => i).sort(
      (a, b) => (deflated[a] as number) - (deflated[b] as number) || a - b,
    ),
  };
  const market: PreparedMarket = {
    asOfMs,
    weeks: levels.length - 1,
    cells: [cell],
    chainLevels: new Map(),
    nextLevels: new Map([[key, levels]]),
  };
  const { constants, cohort } = live.model;
  const weights = cellWeights(cell, constants.halfLifeDays);
  const forecast = forecastAt(market, cell, asOfMs, 1, true, weights, scratchFor(market));
  if (forecast === null) return null;
  const scale = forecastScale(forecast, cohortScaleOf(cohort, category, forecast.centre), constants);
  const next = nextSaleOf(forecast, scale, live.quantiles);
  return next === null
    ? null
    : {
        ...next,
        estimate: roundCents(next.estimate),
        low: roundCents(next.low),
        high: roundCents(next.high),
      };
}

/**
 * The headline's `next_sale` and the ladder with each rung's: for one matched card, each rung's
 * cell, and the headline's when a grade is given; else null everywhere.
 */
export async function nextSaleFields(
  context: QueryContext,
  params: ValueParams,
  sample: ValueSample,
): Promise<{ next_sale: NextSale | null; by_grade: GradeValue[] }> {
  const card = sample.cardIds.length === 1 ? (sample.cardIds[0] as number) : null;
  const live = card === null ? null : await liveModel(context);
  if (card === null || live === null) {
    return { next_sale: null, by_grade: sample.ladder.map((rung) => ({ ...rung, next_sale: null })) };
  }
  const by_grade = sample.ladder.map((rung) => ({
    ...rung,
    next_sale: cellNextSale(context, live, card, rung.grade, params),
  }));
  const headline =
    params.grade === undefined
      ? null
      : (by_grade.find((rung) => rung.grade === params.grade)?.next_sale ?? null);
  return { next_sale: headline, by_grade };
}
