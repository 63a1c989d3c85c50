/**
 * A small cache of answers that is only valid for one data version of the store. Every rebuild of
 * the derived tables (seed, ingest, in any process) bumps the version, which empties the cache, so
 * an answer is never older than the data. Cached answers are frozen: callers read, never mutate.
 */
export interface VersionedCache {
  get<T>(version: number, key: string, compute: () => T): T;
}

export function createVersionedCache(limit = 512): VersionedCache {
  let cachedVersion = Number.NaN;
  const entries = new Map<string, unknown>();
  return {
    get<T>(version: number, key: string, compute: () => T): T {
      if (version !== cachedVersion) {
        entries.clear();
        cachedVersion = version;
      }
      if (entries.has(key)) return entries.get(key) as T;
      const value = deepFreeze(compute());
      if (entries.size >= limit) entries.delete(entries.keys().next().value as string);
      entries.set(key, value);
      return value;
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}
