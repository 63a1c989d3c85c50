import { formatUsd } from '../../lib/format';

type ValueRow = { category: string; total_value: number };

/** English ordinals (1st, 2nd, 3rd, 4th, 11th-13th, 21st), without Intl (format.ts says why). */
const ordinal = (n: number): string => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
};

/**
 * What the floor chart says about the category chosen in the filter: its total listed value and
 * its rank among the categories drawn ("pokemon: $164,425.27, 5th of 19 by total listed value").
 * The chart keeps every bar (it compares categories, and a click on a bar chooses one); the filter
 * shows in this sentence and in the marked bar. Null without a choice or when the chosen category
 * has no row. Pure, exported for tests.
 */
export function chartSelection(rows: readonly ValueRow[], selected: string | null): string | null {
  if (selected === null) return null;
  const ranked = [...rows].sort((a, b) => b.total_value - a.total_value);
  const index = ranked.findIndex((row) => row.category === selected);
  const row = ranked[index];
  if (row === undefined) return null;
  return `${selected}: ${formatUsd(row.total_value)}, ${ordinal(index + 1)} of ${ranked.length} by total listed value`;
}
