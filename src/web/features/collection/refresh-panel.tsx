import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatInteger, plural } from '../../lib/format';
import { quotaStore } from '../../lib/quota/quota-store';
import { useKnownQuota } from '../../lib/quota/quota-tier';
import { type HeldAnswer, monthPlan, refreshCost } from './refresh-cost';

/** The free tier's month (decisions.md, "Keys, tiers, quota"): what the plan is measured against without a known limit. */
const FREE_MONTH = 1000;

/**
 * What a refresh costs before it is asked: one value call per card and grade whose data changed;
 * an answer asked with its ETag that did not change is a free 304. Then the key's remaining quota,
 * and whether refreshing daily fits the month (or how often does).
 */
export function RefreshPanel({
  answers,
  fetching,
  onRefresh,
}: {
  answers: readonly HeldAnswer[];
  fetching: boolean;
  onRefresh: () => Promise<unknown>;
}) {
  const quota = useKnownQuota();
  const [last, setLast] = useState<{ asked: number; spent: number } | null>(null);
  const cost = refreshCost(answers, Date.now());
  const limit = quota.limit ?? FREE_MONTH;
  const plan = monthPlan(answers.length, limit);
  const newest = Math.max(0, ...answers.map((answer) => answer.updatedAt));
  const refresh = async () => {
    const before = quotaStore.get().callsThisSession;
    await onRefresh();
    setLast({ asked: answers.length, spent: quotaStore.get().callsThisSession - before });
  };
  return (
    <section className="panel" aria-labelledby="collection-refresh">
      <h2 id="collection-refresh">What a refresh costs</h2>
      <p data-testid="refresh-cost">
        A refresh asks {formatInteger(cost.questions)} {plural(cost.questions, 'question')} (one per card and
        grade).{' '}
        {cost.revalidated > 0
          ? `${formatInteger(cost.revalidated)} ${plural(cost.revalidated, 'is', 'are')} asked with the answer's tag: unchanged, ${cost.revalidated === 1 ? 'it costs' : 'they cost'} nothing. `
          : ''}
        Likely cost: <strong data-testid="refresh-likely">{formatInteger(cost.likely)}</strong>{' '}
        {plural(cost.likely, 'call')}, at most {formatInteger(cost.questions)}.
        {newest > 0 ? ` Values as of ${formatDateTime(newest)}.` : ''}
      </p>
      <p data-testid="refresh-quota">
        {quota.remaining === null
          ? 'Your key’s remaining calls show after its first answer.'
          : `Your key has ${formatInteger(quota.remaining)} of ${formatInteger(quota.limit ?? 0)} calls left this month.`}{' '}
        {answers.length === 0
          ? ''
          : plan.fits
            ? `Refreshed daily, this collection takes about ${formatInteger(plan.daily)} calls a month: it fits ${formatInteger(limit)}.`
            : `Refreshed daily, it would take about ${formatInteger(plan.daily)} calls a month, over ${formatInteger(limit)}: ${
                plan.everyDays === null
                  ? 'even one refresh is over the month’s quota; '
                  : `refresh every ${plan.everyDays} days (about ${formatInteger(answers.length * Math.ceil(30 / plan.everyDays))} calls), or `
              }`}
        {!plan.fits && answers.length > 0 ? <Link to="/settings">use a key of a larger tier</Link> : null}
        {!plan.fits && answers.length > 0 ? '.' : ''}
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button"
          disabled={fetching || answers.length === 0}
          onClick={() => void refresh()}
        >
          {fetching ? 'Refreshing…' : 'Refresh values'}
        </button>
      </div>
      {last ? (
        <p role="status" data-testid="refresh-spent">
          The last refresh asked {formatInteger(last.asked)} and spent {formatInteger(last.spent)}{' '}
          {plural(last.spent, 'call')}.
        </p>
      ) : null}
    </section>
  );
}
