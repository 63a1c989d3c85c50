const DAY_MS = 86_400_000;

/** One value answer the page holds: when it came, and whether it can be asked with its ETag. */
export interface HeldAnswer {
  /** ms since epoch; 0 when never answered. */
  updatedAt: number;
  /** An ETag is kept for it this page life: unchanged, it comes back as a free 304. */
  revalidates: boolean;
}

export interface RefreshCost {
  questions: number;
  /** Answers asked without an ETag: each spends a call. */
  plain: number;
  /** Answers asked with their ETag: a call only if the data changed since. */
  revalidated: number;
  /** The likely cost: the plain ones, and the revalidated ones from before today (UTC; the market changes daily). */
  likely: number;
}

export function refreshCost(answers: readonly HeldAnswer[], now: number): RefreshCost {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  let plain = 0;
  let revalidated = 0;
  let likely = 0;
  for (const answer of answers) {
    if (answer.revalidates && answer.updatedAt > 0) {
      revalidated += 1;
      if (answer.updatedAt < today) likely += 1;
    } else {
      plain += 1;
      likely += 1;
    }
  }
  return { questions: answers.length, plain, revalidated, likely };
}

export interface MonthPlan {
  /** Calls a month when refreshed daily (the data changes daily, so each card and grade spends one). */
  daily: number;
  fits: boolean;
  /** The shortest refresh interval, in days, that fits the month's quota; null when none does. */
  everyDays: number | null;
}

/** Whether refreshing `pairs` values daily for a 30-day month fits `quota` calls, else how often does. */
export function monthPlan(pairs: number, quota: number): MonthPlan {
  const daily = pairs * 30;
  if (daily <= quota) return { daily, fits: true, everyDays: 1 };
  for (let days = 2; days <= 30; days += 1) {
    if (pairs * Math.ceil(30 / days) <= quota) return { daily, fits: false, everyDays: days };
  }
  return { daily, fits: false, everyDays: null };
}
