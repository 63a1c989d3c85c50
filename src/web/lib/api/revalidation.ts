/**
 * Conditional requests (decisions.md, "HTTP caching"): the last answer of each URL with its ETag, so
 * that asking again sends `If-None-Match` and an unchanged answer comes back as a 304 that spends no
 * quota; the kept body is then used as it was. The ETag is of the answer's `data`, which is the same
 * for every key, so the URL alone (never the key) is what an answer is kept by.
 *
 * Kept in memory for the page's life, at most MAX_KEPT answers (the oldest goes first): after a
 * reload the first request is a plain GET, as react-query's persisted cache already shows the data.
 */
const MAX_KEPT = 200;

export interface KeptAnswer {
  etag: string;
  /** The parsed body of the 200 the tag came with. */
  body: unknown;
}

const kept = new Map<string, KeptAnswer>();

export function keptAnswer(url: string): KeptAnswer | undefined {
  return kept.get(url);
}

export function keepAnswer(url: string, etag: string | null, body: unknown): void {
  kept.delete(url);
  if (etag === null) return;
  if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
  kept.set(url, { etag, body });
}

/** "Forget key" and tests: nothing kept. */
export function forgetAnswers(): void {
  kept.clear();
}
