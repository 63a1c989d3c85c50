import type { SalePrices } from '../store/market-reader';

/**
 * The sales' prices grouped by grade, in ladder order (Raw first, then by grade number, then
 * grader: the order of the grade codes). A counting sort on the codes, so each group keeps the
 * ascending order of the prices.
 */
export function pricesByGrade(sales: SalePrices): [string, Float64Array][] {
  const counts = new Int32Array(sales.gradeOfCode.length + 1);
  for (const code of sales.gradeCode) counts[code] = (counts[code] as number) + 1;
  const starts = new Int32Array(counts.length);
  for (let code = 1; code < counts.length; code += 1) {
    starts[code] = (starts[code - 1] as number) + (counts[code - 1] as number);
  }
  const fill = starts.slice();
  const grouped = new Float64Array(sales.price.length);
  sales.gradeCode.forEach((code, i) => {
    grouped[fill[code] as number] = sales.price[i] as number;
    fill[code] = (fill[code] as number) + 1;
  });
  const groups: [string, Float64Array][] = [];
  counts.forEach((count, code) => {
    if (count === 0) return;
    const start = starts[code] as number;
    groups.push([sales.gradeOfCode[code] as string, grouped.subarray(start, start + count)]);
  });
  return groups;
}
