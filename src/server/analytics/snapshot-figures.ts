import { roundCents } from '../../contract/rounding';
import type { SnapshotRow } from '../store/market-reader';

/** The figures of a snapshot row as floor and index answer them: money rounded to cents. */
export const snapshotFigures = (row: SnapshotRow) => ({
  avg: roundCents(row.avg),
  median: roundCents(row.median),
  listings: row.listings,
  floor_min: roundCents(row.floor_min),
  total_value: roundCents(row.total_value),
});
