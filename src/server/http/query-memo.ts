import { getQueryParams } from 'hono/utils/url';
import { API_KEY_QUERY_PARAM } from '../../contract/api-key';

/**
 * Validated parameters by the raw query text, per route: a repeated question (the same floor, the
 * same card) skips parsing the query, the schema check and the cache key's serialization. The route schemas are pure functions of the query (no clock, no store), so the same
 * text always validates to the same parameters. Only accepted queries are kept, and never a query
 * that may carry a key (`mayHoldKey`): the memo holds no secret. At most MAX_ENTRIES texts per route,
 * each of at most MAX_QUERY_CHARS; a full memo starts over.
 *
 * One decoding rule for every reader of the query (docs/api.md, "Parameters"): Hono's, with `+` as a
 * space and percent escapes decoded in names and values. The route's parameters (`c.req.queries()`),
 * the key parameter (`queryKeys`) and the memo's refusal (`mayHoldKey`) all read names that way, so
 * `?k%65y=...` is the key parameter for all three, and `?%71=...` is `q`.
 */
export interface ValidatedQuery<P> {
  readonly params: P;
  /** The response cache's key of these parameters. */
  readonly cacheKey: string;
}

const MAX_ENTRIES = 1024;
/**
 * Longer query texts are validated each time, never kept: a real question is a few dozen characters,
 * and junk parameters (15 kB each, in the attack of issue 16) must not grow the memo. So a memo holds
 * at most MAX_ENTRIES x MAX_QUERY_CHARS characters (about 2 MB per operation).
 */
const MAX_QUERY_CHARS = 1024;

export class QueryMemo<P> {
  private readonly entries = new Map<string, ValidatedQuery<P>>();

  get(rawQuery: string): ValidatedQuery<P> | undefined {
    return this.entries.get(rawQuery);
  }

  /** Keeps an accepted query text, unless it may hold a key (called on a miss only, so it may take its time). */
  remember(rawQuery: string, validated: ValidatedQuery<P>): void {
    if (rawQuery.length > MAX_QUERY_CHARS || mayHoldKey(rawQuery)) return;
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

/**
 * Whether some parameter name of a URL could read as `key` once decoded: it is `key`, or it holds a
 * percent escape (`k%65y`, `%6B%65%79`). A `+` decodes to a space, which no letter of `key` is. A
 * quick look that may say yes wrongly (a `?` or `&` in the path), never no wrongly.
 */
const MAY_NAME_KEY = /[?&](?:key(?:[=&#]|$)|[^=&#]*%)/;

/**
 * The values of the `key` query parameter of a URL (a full URL, as Hono parses it), decoded by the
 * same rule as the route's parameters; undefined when no name reads as `key`. A single value is the
 * key; more than one is a repeated parameter (a 400).
 */
export function queryKeys(url: string): string[] | undefined {
  if (!MAY_NAME_KEY.test(url)) return undefined;
  return getQueryParams(url, API_KEY_QUERY_PARAM) as string[] | undefined;
}

/** A key with or without its prefix: `slab_live_`, or 48 hexadecimal characters in a row. */
const KEY_LIKE = /slab_live_|[0-9a-f]{48}/i;
const KEY_NAME = /(?:^|&)key(?:[=&#]|$)/;

/**
 * Whether a raw query text may carry a key, read as the server reads it: a name that decodes to
 * `key`, or anything key-like, in the text as sent or in any decoded name or value (a key pasted
 * into `q`, or percent-encoded).
 */
export function mayHoldKey(rawQuery: string): boolean {
  if (KEY_LIKE.test(rawQuery)) return true;
  if (rawQuery.indexOf('%') === -1 && rawQuery.indexOf('+') === -1) return KEY_NAME.test(rawQuery);
  const params = getQueryParams(`http://query/?${rawQuery}`) as Record<string, string[]>;
  for (const name in params) {
    if (name === API_KEY_QUERY_PARAM || KEY_LIKE.test(name)) return true;
    for (const value of params[name] as string[]) if (KEY_LIKE.test(value)) return true;
  }
  return false;
}

/**
 * The first parameter of a raw query whose name or value is not valid percent-encoding of UTF-8
 * (`q=%ff`, `q=%zz`), or null. URL parsers leave such a value as it was sent, so without this
 * check `%ff` would be searched as the text `%ff`.
 */
export function malformedParameter(rawQuery: string): string | null {
  if (rawQuery.indexOf('%') === -1) return null;
  for (const pair of rawQuery.split('&')) {
    if (pair.indexOf('%') === -1) continue;
    const equals = pair.indexOf('=');
    const name = equals === -1 ? pair : pair.slice(0, equals);
    try {
      decodeURIComponent(pair.replace(/\+/g, ' '));
    } catch {
      return decodesAs(name) ?? 'a query parameter name';
    }
  }
  return null;
}

/** A name decoded, or null when it cannot be. */
function decodesAs(name: string): string | null {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}
