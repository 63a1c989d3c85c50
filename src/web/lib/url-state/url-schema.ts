import { z } from 'zod/mini';

/**
 * A page's URL state, declared once with zod (mini: the floor's runs before first paint): one schema
 * per search parameter, in the order the URL writes them. A schema reads the parameter's text
 * (`undefined` when absent) and must give the parameter's default for `undefined`; a text it refuses
 * is reported with the schema's own message and replaced by that default. `urlList` declares a
 * repeated parameter (`?category=a&category=b`): each text is read with its item schema, a refused
 * one is reported and left out, and when none is left the list is its default.
 *
 * Written back, a parameter at its default is left out, a list as one parameter per item, `true` as
 * `1`, `false`, `null`, `undefined` and `''` not at all.
 */
type Scalar = string | number | boolean | null | undefined;
export type UrlParam<T extends Scalar = Scalar> = z.ZodMiniType<T>;
export type UrlList<T extends string = string> = {
  item: z.ZodMiniType<T>;
  fallback: readonly T[];
};
export type UrlShape = Record<string, UrlParam | UrlList>;
export type UrlParams<S extends UrlShape> = {
  [K in keyof S]: S[K] extends UrlList<infer T> ? readonly T[] : z.output<S[K]>;
};

/** What a page keeps in its URL: `read` never throws, and says what it ignored. */
export interface UrlSchema<V> {
  read(search: URLSearchParams): { view: V; problems: string[] };
  write(view: V): URLSearchParams;
}

export const urlList = <T extends string>(item: z.ZodMiniType<T>, fallback: readonly T[]): UrlList<T> => ({
  item,
  fallback,
});

/** A flag: `1` is true; absent, or any other text, false. */
export const urlFlag = (): UrlParam<boolean> =>
  z._default(
    z.pipe(
      z.string(),
      z.transform((text: string) => text === '1'),
    ),
    false,
  );

const isList = (field: UrlParam | UrlList): field is UrlList => 'item' in field;

export function readUrlParams<S extends UrlShape>(
  shape: S,
  search: URLSearchParams,
): { params: UrlParams<S>; problems: string[] } {
  const problems: string[] = [];
  const params: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(shape)) {
    if (isList(field)) {
      const items: string[] = [];
      for (const text of search.getAll(name)) {
        const parsed = field.item.safeParse(text);
        if (parsed.success) {
          if (!items.includes(parsed.data)) items.push(parsed.data);
        } else problems.push(messageOf(parsed.error));
      }
      params[name] = items.length > 0 ? items : field.fallback;
      continue;
    }
    const parsed = field.safeParse(search.get(name) ?? undefined);
    if (parsed.success) params[name] = parsed.data;
    else {
      problems.push(messageOf(parsed.error));
      params[name] = field.parse(undefined);
    }
  }
  return { params: params as UrlParams<S>, problems };
}

export function writeUrlParams<S extends UrlShape>(shape: S, params: UrlParams<S>): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, field] of Object.entries(shape)) {
    const value: unknown = params[name];
    if (isList(field)) {
      const items = value as readonly string[];
      const isDefault =
        items.length === field.fallback.length &&
        items.every((item, index) => item === field.fallback[index]);
      if (!isDefault) for (const item of items) search.append(name, item);
      continue;
    }
    if (
      value === field.parse(undefined) ||
      value === null ||
      value === undefined ||
      value === '' ||
      value === false
    ) {
      continue;
    }
    search.set(name, value === true ? '1' : String(value));
  }
  return search;
}

/**
 * The page's URL schema. With `view`, the page sees its own shape of the parameters (`read` adds
 * the rules that span several of them, with a sentence for each thing it ignored).
 */
export function urlSchema<S extends UrlShape>(shape: S): UrlSchema<UrlParams<S>>;
export function urlSchema<S extends UrlShape, V>(
  shape: S,
  view: { read(params: UrlParams<S>): { view: V; problems: string[] }; write(view: V): UrlParams<S> },
): UrlSchema<V>;
export function urlSchema<S extends UrlShape, V>(
  shape: S,
  view?: { read(params: UrlParams<S>): { view: V; problems: string[] }; write(view: V): UrlParams<S> },
): UrlSchema<V | UrlParams<S>> {
  if (view === undefined) {
    return {
      read: (search) => {
        const { params, problems } = readUrlParams(shape, search);
        return { view: params, problems };
      },
      write: (params) => writeUrlParams(shape, params as UrlParams<S>),
    };
  }
  return {
    read: (search) => {
      const { params, problems } = readUrlParams(shape, search);
      const read = view.read(params);
      return { view: read.view, problems: [...new Set([...problems, ...read.problems])] };
    },
    write: (next) => writeUrlParams(shape, view.write(next as V)),
  };
}

const messageOf = (error: z.core.$ZodError): string =>
  error.issues[0]?.message ?? 'a link parameter was ignored.';
