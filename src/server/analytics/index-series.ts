import { INDEX_START_DATE } from '../../contract/param-limits';
import type { IndexParams } from '../../contract/params';
import type { IndexData, IndexPoint } from '../../contract/resources';
import type { MarketReader, SnapshotRow } from '../store/market-reader';
import { AnalyticsError } from './analytics-error';
import type { MarketContext } from './market-context';
import { snapshotFigures } from './snapshot-figures';

/**
 * `/v1/index`: the daily snapshot series per category, or per label when `label` is given (rows
 * then carry the label's category; a label name used in two categories gives a row for each).
 * `from` earlier than 2026-05-29 is clamped to it; `to` defaults to the latest snapshot date.
 * A label that no card of the store carries (in the category, when given) is `no_match`; a known
 * label without listings in the range gives an empty series.
 */
export async function indexData({ reader }: MarketContext, params: IndexParams): Promise<IndexData> {
  const state = await reader.state();
  const from = params.from === undefined || params.from < INDEX_START_DATE ? INDEX_START_DATE : params.from;
  const to = params.to ?? state.snapshotDate ?? INDEX_START_DATE;
  let rows: SnapshotRow[];
  if (params.label !== undefined) {
    await requireLabel(reader, params.label, params.category);
    rows = await reader.labelSeries({ label: params.label, from, to, category: params.category });
  } else {
    rows = await reader.categorySeries({ from, to, category: params.category });
  }
  return { series: rows.map(toIndexPoint) };
}

function toIndexPoint(row: SnapshotRow): IndexPoint {
  return { date: row.day, category: row.category, ...snapshotFigures(row) };
}

/** `no_match` for a label that no card of the store carries (in the category, when given). */
export async function requireLabel(reader: MarketReader, label: string, category?: string): Promise<void> {
  if (await reader.labelExists(label, category)) return;
  const where = category === undefined ? 'any category' : `category ${category}`;
  const list =
    category === undefined ? '/v1/categories?category=<category>' : `/v1/categories?category=${category}`;
  throw new AnalyticsError(
    'no_match',
    `No label "${label}" in ${where}. List the labels with ${list} and use one as written there.`,
  );
}
