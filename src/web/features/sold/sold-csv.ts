import type { SoldParams } from '../../../contract/params';
import type { SoldData } from '../../../contract/resources';
import { inGradeOrder } from '../../lib/card-query/grade-order';
import { csvFile, csvFileName } from '../../lib/csv-file';

/**
 * The sold comps as shown: one row for all the grades asked (the headline figures), then one per
 * grade in the grades' order (median, average and sales: what the answer gives per grade).
 */
export function soldCsv(params: SoldParams, data: SoldData): string {
  const all = params.grade ?? 'all grades';
  return csvFile(
    ['query', 'grade', 'window_days', 'median', 'avg', 'min', 'max', 'sales'],
    [
      [params.q, all, data.window_days, data.median, data.avg, data.min, data.max, data.sales],
      ...inGradeOrder(data.by_grade).map((row) => [
        params.q,
        row.grade,
        data.window_days,
        row.median,
        row.avg,
        null,
        null,
        row.sales,
      ]),
    ],
  );
}

/** The sold file's name: the query, the grade (or all grades), the window. */
export const soldCsvName = (params: SoldParams): string =>
  csvFileName(['sold', params.q, params.grade ?? 'all grades', `last ${params.days} days`]);
