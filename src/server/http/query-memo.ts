/**
 * Validated parameters by the raw query text, per route: a repeated question (the same floor, the
 * same card) skips parsing the query, the schema check and the cache key's serialization, about 1 to
 * 3 µs of a call. The route schemas are pure functions of the query (no clock, no store), so the same
 * text always validates to the same parameters. Only accepted queries are kept, and never a query
 * that may carry a key (`key=`): the memo holds no secret. At most MAX_ENTRIES texts per route; a
 * full memo starts over.
 */
export interface ValidatedQuery<P> {
  readonly params: P;
  /** The response cache's key of these parameters. */
  readonly cacheKey: string;
}

const MAX_ENTRIES = 1024;

export class QueryMemo<P> {
  private readonly entries = new Map<string, ValidatedQuery<P>>();

  get(rawQuery: string): ValidatedQuery<P> | undefined {
    return this.entries.get(rawQuery);
  }

  remember(rawQuery: string, validated: ValidatedQuery<P>): void {
    if (rawQuery.includes('key=')) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(rawQuery, validated);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The text after `?` of a request line or URL ('' when there is none). */
export function rawQuery(url: string): string {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start + 1);
}
