import type { UsageData } from '../../contract/resources';
import type { KeyRecord } from '../auth/api-keys';
import { quotaWindow, TIER_QUOTAS } from '../auth/tiers';
import type { Quota } from '../store/store';

const DAY_MS = 86_400_000;

/**
 * GET /v1/usage (decisions.md, "Usage"): what a key spent in the UTC month of `at`, from the
 * store's counts (exact across processes). `by_day` has every day from the 1st to today, zeros
 * included, and `used` is their sum; `by_operation` only the operations with calls, most first.
 */
export function usageAnswer(usage: Quota) {
  return async (key: KeyRecord, at: Date): Promise<{ data: UsageData; remaining: number }> => {
    const counts = await usage.usageOf(key, at);
    const window = quotaWindow(at);
    const days = new Map<string, number>();
    const today = at.toISOString().slice(0, 10);
    for (let ms = window.startMs; ; ms += DAY_MS) {
      const day = new Date(ms).toISOString().slice(0, 10);
      days.set(day, 0);
      if (day >= today) break;
    }
    const operations = new Map<string, number>();
    for (const row of counts.rows) {
      days.set(row.day, (days.get(row.day) ?? 0) + row.calls);
      if (row.operation !== '')
        operations.set(row.operation, (operations.get(row.operation) ?? 0) + row.calls);
    }
    const byDay = [...days]
      .map(([date, calls]) => ({ date, calls }))
      .sort((a, b) => (a.date < b.date ? -1 : 1));
    const used = byDay.reduce((sum, day) => sum + day.calls, 0);
    const quota = TIER_QUOTAS[key.tier];
    const remaining = Math.max(0, quota - counts.used);
    return {
      remaining,
      data: {
        tier: key.tier,
        quota,
        used,
        remaining,
        period_start: new Date(window.startMs).toISOString().slice(0, 10),
        resets_at: new Date(window.resetMs).toISOString(),
        by_day: byDay,
        by_operation: [...operations]
          .map(([operation, calls]) => ({ operation, calls }))
          .sort(
            (a, b) =>
              b.calls - a.calls || (a.operation < b.operation ? -1 : a.operation > b.operation ? 1 : 0),
          ),
      },
    };
  };
}
