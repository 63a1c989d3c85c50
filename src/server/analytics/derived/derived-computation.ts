import type { DerivedComputation } from '../../store/derived-tables';
import { accuracyReadAfter, computeAccuracy } from './derive-accuracy';
import { computeMovers, moverWindow } from './derive-movers';
import { computeSalesIndex, salesIndexWeeks } from './derive-sales-index';
import { computeSnapshots } from './derive-snapshots';

/** What the stores compute their derived tables with (store/derived-tables.ts), given them by their openers. */
export const derivedComputation: DerivedComputation = {
  snapshots: computeSnapshots,
  moverWindow,
  movers: computeMovers,
  salesIndexReadAfter: (asOfMs) => salesIndexWeeks(asOfMs).startMs,
  salesIndex: computeSalesIndex,
  accuracyReadAfter,
  accuracy: computeAccuracy,
};
