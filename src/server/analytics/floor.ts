import type { FloorParams } from '../../contract/params';
import type { FloorData } from '../../contract/resources';
import { compareText } from './categories';
import type { MarketContext } from './market-context';
import { requireSnapshotDate } from './snapshot-date';
import { snapshotFigures } from './snapshot-figures';

/** `/v1/floor`: the latest snapshot per category, by total_value descending then name. */
export async function floorData({ reader }: MarketContext, params: FloorParams): Promise<FloorData> {
  const asOf = requireSnapshotDate(await reader.state());
  const categories = (await reader.categorySnapshot(asOf))
    .filter((row) => params.category === undefined || row.category === params.category)
    .sort((a, b) => b.total_value - a.total_value || compareText(a.category, b.category))
    .map((row) => ({ category: row.category, ...snapshotFigures(row) }));
  return { as_of: asOf, categories };
}
