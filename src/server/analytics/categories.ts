import { CATEGORIES } from '../../contract/categories';
import type { CategoriesParams } from '../../contract/params';
import type { CategoryIndexData, CategoryLabelsData } from '../../contract/resources';
import { roundCents } from '../../contract/rounding';
import type { MarketContext } from './market-context';
import { requireSnapshotDate } from './snapshot-date';

/**
 * `/v1/categories` from the latest snapshot. Without a category: all 19 categories (zero counts
 * where nothing is listed), by listings descending then name. With one: its labels, by listings
 * descending then name.
 */
export async function categoriesData(
  { reader }: MarketContext,
  params: CategoriesParams,
): Promise<CategoryIndexData | CategoryLabelsData> {
  const asOf = requireSnapshotDate(await reader.state());
  if (params.category !== undefined) {
    const labels = (await reader.labelSnapshot(asOf, params.category))
      .map((row) => ({
        label: row.label,
        avg: roundCents(row.avg),
        median: roundCents(row.median),
        listings: row.listings,
      }))
      .sort((a, b) => b.listings - a.listings || compareText(a.label, b.label));
    return { as_of: asOf, category: params.category, labels };
  }
  const rows = new Map((await reader.categorySnapshot(asOf)).map((row) => [row.category, row]));
  const categories = CATEGORIES.map((category) => ({
    category,
    labels: rows.get(category)?.labels ?? 0,
    listings: rows.get(category)?.listings ?? 0,
  })).sort((a, b) => b.listings - a.listings || compareText(a.category, b.category));
  return { as_of: asOf, categories };
}

/** Code-point order, independent of the machine's locale. */
export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
