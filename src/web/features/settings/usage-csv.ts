import type { UsageData } from '../../../contract/resources';
import { csvFile, csvFileName } from '../../lib/csv-file';

/** The key's calls of each day of the month so far, as the panel's chart shows them. */
export const usageCsv = (usage: UsageData): string =>
  csvFile(
    ['date', 'calls'],
    usage.by_day.map((day) => [day.date, day.calls]),
  );

/** The usage file's name: the days it covers. */
export const usageCsvName = (usage: UsageData): string =>
  csvFileName(['usage', usage.period_start, 'to', usage.by_day.at(-1)?.date ?? usage.period_start]);
