import type { SoldParams } from '../../contract/params';
import type { SoldData } from '../../contract/resources';
import { breatheFor, noMatchError, type QueryContext, sampleInWindow, scopedCards } from './card-sales';
import { groupByGrade, summarizeAll, summarizeGrades } from './grade-groups';
import { type PriceSummary, roundCents } from './stats';

/** `/v1/sold`: the sales of the matched cards in the last `days` days, overall and per grade. */
export async function soldData(context: QueryContext, params: SoldParams): Promise<SoldData> {
  const selection = { grade: params.grade, category: params.category, label: params.label };
  const cardIds = await scopedCards(context, params.q, selection);
  if (cardIds.length === 0) throw await noMatchError(context, params.q, params.days, selection, false);
  const sample = sampleInWindow(context, cardIds, params.days, selection);
  if (sample.n === 0) throw await noMatchError(context, params.q, params.days, selection, true);
  // A breath between the steps: a broad q's 365 days are 200,000 sales (issue 29).
  await breatheFor(sample.n);
  const groups = groupByGrade(sample);
  await breatheFor(sample.n);
  const { grades } = summarizeGrades(groups);
  await breatheFor(sample.n);
  const all = summarizeAll(groups) as PriceSummary;
  return {
    avg: roundCents(all.avg),
    max: roundCents(all.max),
    min: roundCents(all.min),
    median: roundCents(all.median),
    sales: all.n,
    window_days: params.days,
    by_grade: grades.map(({ grade, summary }) => ({
      grade,
      avg: roundCents(summary.avg),
      median: roundCents(summary.median),
      sales: summary.n,
    })),
  };
}
