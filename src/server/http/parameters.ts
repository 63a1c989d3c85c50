import type { Context } from 'hono';
import { getQueryParams } from 'hono/utils/url';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { API_KEY_QUERY_PARAM } from '../../contract/api-key';
import { editDistance } from '../text/edit-distance';
import { validationHint } from './errors';
import type { AppEnv } from './response';
import { cacheKey } from './response-cache';

/**
 * The parameters of a keyed operation (docs/api.md, "Parameters"): the query checked against the
 * operation's registry schema. One decoding rule for every reader of the query: Hono's, with `+`
 * as a space and percent escapes decoded in names and values. The route's parameters
 * (`c.req.queries()`) and the key parameter (`queryKeys`) read names that way, so `?k%65y=...` is
 * the key parameter, and `?%71=...` is `q`.
 */

/**
 * The validated parameters and their key in the response cache, or the hint of the 400
 * `invalid_parameter` that refuses them.
 */
export type ParameterCheck<P> = { ok: true; params: P; cacheKey: string } | { ok: false; hint: string };

/**
 * The reader of an operation's parameters: a name the schema does not know (nor `key`) is refused.
 * A query text it has accepted is remembered with its parameters and cache key (`accepted`, the
 * 1,024 most recent), so a repeated question skips the parsing, the schema and the key's
 * serialization: the schemas are pure functions of the text. A text that may carry an API key is
 * never kept (`mayHoldKey`).
 */
export function parameterReader<S extends z.ZodObject>(operation: string, schema: S) {
  const known = knownParameters(schema.shape);
  const accepted = new LRUCache<string, { params: z.output<S>; cacheKey: string }>({ max: 1024 });
  // zod builds an object schema's parser on its first parse: here, as the server starts, not in
  // the operation's first request.
  schema.safeParse({});
  return (c: Context<AppEnv>): ParameterCheck<z.output<S>> => {
    const url = c.env?.incoming?.url ?? c.req.url;
    const start = url.indexOf('?');
    const text = start === -1 ? '' : url.slice(start + 1);
    const remembered = accepted.get(text);
    if (remembered !== undefined)
      return { ok: true, params: remembered.params, cacheKey: remembered.cacheKey };
    const malformed = malformedParameter(url);
    if (malformed !== null) {
      return {
        ok: false,
        hint: `${malformed}: the value is not valid percent-encoded UTF-8 (such as %ff alone). Encode the text as UTF-8, then percent-encode it (encodeURIComponent).`,
      };
    }
    const queries = c.req.queries();
    const unknown = unknownParameterHint(c.req.path, Object.keys(queries), known);
    if (unknown !== null) return { ok: false, hint: unknown };
    const parsed = schema.safeParse(queryObject(queries));
    if (!parsed.success) return { ok: false, hint: validationHint(parsed.error, queries) };
    const check = { params: parsed.data, cacheKey: cacheKey(operation, parsed.data) };
    if (text.length <= 1024 && !mayHoldKey(text)) accepted.set(text, check);
    return { ok: true, ...check };
  };
}

/** Something in a query text that is, or may decode to, an API key or the key parameter. */
const KEY_LIKE = /slab_live_|[0-9a-f]{48}/i;
const KEY_NAME = /(?:^|&)key(?:[=&#]|$)/;

/**
 * Whether a query text may carry an API key: anything key-like in the text, or in a name or value
 * once decoded, or a name that decodes to `key` (`key`, `k%65y`).
 */
export function mayHoldKey(text: string): boolean {
  if (KEY_LIKE.test(text)) return true;
  if (text.indexOf('%') === -1 && text.indexOf('+') === -1) return KEY_NAME.test(text);
  const params = getQueryParams(`http://query/?${text}`) as Record<string, string[]>;
  for (const name in params) {
    if (name === API_KEY_QUERY_PARAM || KEY_LIKE.test(name)) return true;
    for (const value of params[name] as string[]) if (KEY_LIKE.test(value)) return true;
  }
  return false;
}

/** The query as the operation schemas take it: one value per parameter, an array for a repeated one. */
function queryObject(queries: Record<string, string[]>): Record<string, string | string[]> {
  const value: Record<string, string | string[]> = {};
  for (const name in queries) {
    const values = queries[name] as string[];
    value[name] = values.length === 1 ? (values[0] as string) : values;
  }
  return value;
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

/**
 * The first parameter of a URL's query whose name or value is not valid percent-encoding of UTF-8
 * (`q=%ff`, `q=%zz`), or null. URL parsers leave such a value as it was sent, so without this
 * check `%ff` would be searched as the text `%ff`.
 */
export function malformedParameter(url: string): string | null {
  const start = url.indexOf('?');
  if (start === -1 || url.indexOf('%', start) === -1) return null;
  for (const pair of url.slice(start + 1).split('&')) {
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

/**
 * Strict parameters (decisions.md, "Parameters"): a keyed operation refuses a parameter it does not
 * know, so that a typo (`grde=psa10`) never silently changes an answer and spends a call. The names
 * an operation knows are those of its registry params schema, and `key`.
 */

/** The names a keyed operation takes: its schema's, then `key`. */
export const knownParameters = (shape: Readonly<Record<string, unknown>>): readonly string[] => [
  ...Object.keys(shape),
  API_KEY_QUERY_PARAM,
];

/**
 * The known name a sent one most likely meant: the closest within a third of its length (at least
 * 1 edit, case aside), or the one it begins (`cat` -> `category`); null when none is close.
 */
export function nearestParameter(sent: string, known: readonly string[]): string | null {
  const name = sent.toLowerCase();
  let best: string | null = null;
  let bestDistance = Math.max(1, Math.floor(name.length / 3)) + 1;
  for (const candidate of known) {
    const distance = editDistance(name, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best !== null) return best;
  if (name.length >= 3) return known.find((candidate) => candidate.startsWith(name)) ?? null;
  return null;
}

const SHOWABLE_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,31}$/;

/** The hint of the 400 for the first unknown parameter of a query, or null when every name is known. */
export function unknownParameterHint(
  path: string,
  sent: Iterable<string>,
  known: readonly string[],
): string | null {
  for (const name of sent) {
    if (known.includes(name)) continue;
    // A name is shown only when it looks like one (never a pasted key or a long text).
    const shown = SHOWABLE_NAME.test(name) ? `"${name}"` : 'of that name';
    const nearest = nearestParameter(name, known);
    const takes = known.length > 1 ? `takes ${known.join(', ')}` : `takes no parameter but ${known[0]}`;
    return `${path} has no parameter ${shown}${nearest === null ? '.' : `: did you mean ${nearest}?`} It ${takes}. An unknown parameter is refused so that a typo never changes an answer; this spent nothing.`;
  }
  return null;
}
