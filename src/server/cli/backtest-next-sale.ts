/**
 * `npm run backtest`: chooses the next sale's constants (analytics/next-sale.ts) by a walk-forward
 * backtest on the store at SLAB_DB (a SQLite file), never on the demo generator's truth. One fold,
 * older than the published accuracy's: fit at 252 days before the as-of time, calibrate on days
 * 169-252, score days 85-168 (each forecast from strictly earlier sales). For each half-life H,
 * shrinkage and staleness term: the scored sales' coverage of the 80 % range, the estimate's median
 * absolute error and the mean interval score (lower is better), best interval score first.
 */
import Database from 'better-sqlite3';
import {
  calibrateSales,
  cohortScaleOf,
  cohortScales,
  forecastSales,
  type PreparedMarket,
  prepareMarket,
} from '../analytics/derived/derive-next-sale';
import { COMPS_DAYS, forecastScale, NEXT_SALE_LEVEL, nextSaleOf } from '../analytics/next-sale';
import { percentileOfSorted } from '../analytics/stats';
import { loadConfig } from '../config';
import type { AccuracySaleTuple, NextSaleConstants } from '../store/derived-tables';
import { DAY_MS } from '../store/time';

const HALF_LIVES = [14, 21, 30, 45, 60, 120];
const SHRINKS = [0, 5, 10, 20, 50];
const STALES = [0, 0.01, 0.02, 0.04, 0.08];
const FIT_DAYS = 252;

const db = new Database(loadConfig().SLAB_DB, { readonly: true });
const asOfMs = db.prepare('SELECT max(sold_at) FROM sales').pluck().get() as number;
const readDays = FIT_DAYS + COMPS_DAYS;
const rows = db
  .prepare(
    `SELECT card_id, grade, price, sold_at FROM sales
      WHERE sold_at > ? AND sold_at <= ? ORDER BY card_id, sold_at, id`,
  )
  .raw()
  .all(asOfMs - readDays * DAY_MS, asOfMs) as AccuracySaleTuple[];
const groups = new Map(
  (db.prepare('SELECT id, category, label FROM cards').raw().all() as [number, string, string][]).map(
    ([id, category, label]) => [id, [category, label] as const],
  ),
);
db.close();
const market: PreparedMarket = prepareMarket(rows, groups, asOfMs, readDays);
const fitMs = asOfMs - FIT_DAYS * DAY_MS;
const splitMs = asOfMs - 168 * DAY_MS;
const endMs = asOfMs - 84 * DAY_MS;
const timeOf = (cell: number, sale: number) => market.cells[cell]?.times[sale] as number;

const results: string[][] = [];
for (const halfLifeDays of HALF_LIVES) {
  const sales = forecastSales(market, fitMs, endMs, halfLifeDays);
  const calibration = sales.filter((s) => timeOf(s.cell, s.sale) <= splitMs);
  const scored = sales.filter((s) => timeOf(s.cell, s.sale) > splitMs);
  const cohort = cohortScales(market, fitMs, halfLifeDays);
  for (const shrinkComps of SHRINKS) {
    for (const staleVariancePerYear of STALES) {
      const constants: NextSaleConstants = { halfLifeDays, shrinkComps, staleVariancePerYear };
      const quantiles = calibrateSales(market, calibration, cohort, constants);
      let inside = 0;
      let winkler = 0;
      const errors: number[] = [];
      for (const sale of scored) {
        const category = market.cells[sale.cell]?.category ?? '';
        const scale = forecastScale(
          sale.forecast,
          cohortScaleOf(cohort, category, sale.forecast.centre),
          constants,
        );
        const next = nextSaleOf(sale.forecast, scale, quantiles);
        if (next === null) continue;
        const miss = Math.max(0, next.low - sale.price, sale.price - next.high);
        if (miss === 0) inside += 1;
        winkler += (next.high - next.low + (2 / (1 - NEXT_SALE_LEVEL / 100)) * miss) / next.estimate;
        errors.push(Math.abs(sale.price - next.estimate) / next.estimate);
      }
      const n = errors.length;
      results.push([
        String(halfLifeDays),
        String(shrinkComps),
        String(staleVariancePerYear),
        String(n),
        ((100 * inside) / n).toFixed(2),
        (100 * percentileOfSorted(Float64Array.from(errors).sort(), 0.5)).toFixed(2),
        ((100 * winkler) / n).toFixed(2),
      ]);
    }
  }
}
results.sort((a, b) => Number(a[6]) - Number(b[6]));
console.log(
  '| H (days) | shrinkage | staleness | scored | coverage % | median abs error % | interval score |',
);
console.log('|---|---|---|---|---|---|---|');
for (const row of results) console.log(`| ${row.join(' | ')} |`);
