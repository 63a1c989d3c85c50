import type { Context } from 'hono';
import { getQueryParams } from 'hono/utils/url';
import type { z } from 'zod';
import { API_KEY_QUERY_PARAM } from '../../contract/api-key';
import { validationHint } from './errors';
import type { AppEnv } from './response';
import { knownParameters, unknownParameterHint } from './unknown-parameters';

/**
 * The parameters of a keyed operation (docs/api.md, "Parameters"): the query checked against the
 * operation's registry schema. One decoding rule for every reader of the query: Hono's, with `+`
 * as a space and percent escapes decoded in names and values. The route's parameters
 * (`c.req.queries()`) and the key parameter (`queryKeys`) read names that way, so `?k%65y=...` is
 * the key parameter, and `?%71=...` is `q`.
 */

/** The validated parameters, or the hint of the 400 `invalid_parameter` that refuses them. */
export type ParameterCheck<P> = { ok: true; params: P } | { ok: false; hint: string };

/** The reader of an operation's parameters: a name the schema does not know (nor `key`) is refused. */
export function parameterReader<S extends z.ZodObject>(schema: S) {
  const known = knownParameters(schema.shape);
  return (c: Context<AppEnv>): ParameterCheck<z.output<S>> => {
    const url = c.env?.incoming?.url ?? c.req.url;
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
    return { ok: true, params: parsed.data };
  };
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
