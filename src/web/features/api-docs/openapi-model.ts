/**
 * The server's OpenAPI description (GET /v1/openapi.json) read into what the API docs page shows:
 * operations with parameters, response fields, errors, headers and an example answer. Tolerant by
 * design: it reads `unknown`, follows local `$ref`s (`#/components/...`), and skips what it does
 * not understand instead of failing, so a richer or poorer document still renders. Pure.
 */
export interface DocParameter {
  name: string;
  in: string;
  required: boolean;
  description: string;
  /** In words: `whole number, 1 to 365, default 30`, `grade, such as PSA 10 or Raw`. */
  type: string;
  /** The schema's rule in full (`string, 3 to 40 characters, matching ^...$`), for a details line. */
  rule: string;
  /** For the "try it" field: the default, or '' when none. */
  defaultValue: string;
  /** Allowed values, when the schema lists them. */
  options: string[];
}

export interface DocField {
  /** Dotted path, `[]` for array items: `data.by_grade[].median`. */
  path: string;
  type: string;
  required: boolean;
  description: string;
}

export interface DocHeader {
  name: string;
  description: string;
}

export interface DocResponse {
  status: string;
  description: string;
  /** Error codes (`no_match`, `rate_limited`...) read from the description or the schema's enum. */
  codes: string[];
  headers: DocHeader[];
  fields: DocField[];
  /** The example answer: the document's own, else one made from the schema; null without a body. */
  example: { value: unknown; source: 'document' | 'schema' } | null;
}

export interface DocOperation {
  id: string;
  method: string;
  path: string;
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  keyed: boolean;
  deprecated: boolean;
  parameters: DocParameter[];
  responses: DocResponse[];
}

export interface DocSecurityScheme {
  name: string;
  /** `header x-api-key`, `query key`... */
  where: string;
  description: string;
}

export interface ApiDocs {
  title: string;
  version: string;
  openapi: string;
  description: string;
  servers: string[];
  security: DocSecurityScheme[];
  operations: DocOperation[];
}

type Json = Record<string, unknown>;
const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options'] as const;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export function readApiDocs(spec: unknown): ApiDocs {
  const root = isObject(spec) ? spec : {};
  const info = isObject(root.info) ? root.info : {};
  const deref = (value: unknown): unknown => resolveRef(root, value);
  const components = isObject(root.components) ? root.components : {};
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  const globalSecurity = arr(root.security);

  const operations: DocOperation[] = [];
  const paths = isObject(root.paths) ? root.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = deref(rawItem);
    if (!isObject(item)) continue;
    const shared = arr(item.parameters);
    for (const method of METHODS) {
      const op = deref(item[method]);
      if (!isObject(op)) continue;
      const security = Array.isArray(op.security) ? op.security : globalSecurity;
      const keyed = security.some(
        (requirement) => isObject(requirement) && Object.keys(requirement).length > 0,
      );
      const operationId = str(op.operationId);
      operations.push({
        id: slug(operationId || `${method}-${path}`),
        method: method.toUpperCase(),
        path,
        operationId,
        summary: str(op.summary),
        description: str(op.description),
        tags: arr(op.tags).map(str).filter(Boolean),
        keyed,
        deprecated: op.deprecated === true,
        parameters: mergeParameters(shared, arr(op.parameters), deref),
        responses: readResponses(op.responses, deref),
      });
    }
  }

  return {
    title: str(info.title) || 'API',
    version: str(info.version),
    openapi: str(root.openapi),
    description: str(info.description),
    servers: arr(root.servers).flatMap((server) =>
      isObject(server) && str(server.url) ? [str(server.url)] : [],
    ),
    security: Object.entries(schemes).flatMap(([name, raw]) => {
      const scheme = deref(raw);
      if (!isObject(scheme)) return [];
      const where =
        scheme.type === 'apiKey'
          ? `${str(scheme.in)} ${str(scheme.name)}`.trim()
          : str(scheme.scheme) || str(scheme.type);
      return [{ name, where, description: str(scheme.description) }];
    }),
    operations,
  };
}

/** Follows `#/a/b` references inside the document (a few levels; a loop or a foreign ref stops). */
export function resolveRef(root: Json, value: unknown, depth = 0): unknown {
  if (!isObject(value) || typeof value.$ref !== 'string' || depth > 20) return value;
  const ref = value.$ref;
  if (!ref.startsWith('#/')) return {};
  let target: unknown = root;
  for (const part of ref.slice(2).split('/')) {
    const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
    target = isObject(target) ? target[key] : undefined;
  }
  const { $ref: _ref, ...siblings } = value;
  const resolved = resolveRef(root, target, depth + 1);
  return isObject(resolved) ? { ...resolved, ...siblings } : resolved;
}

function mergeParameters(shared: unknown[], own: unknown[], deref: (v: unknown) => unknown): DocParameter[] {
  const byKey = new Map<string, DocParameter>();
  for (const raw of [...shared, ...own]) {
    const param = deref(raw);
    if (!isObject(param) || !str(param.name)) continue;
    const schema = deref(param.schema);
    const s = isObject(schema) ? schema : {};
    byKey.set(`${str(param.in)}:${str(param.name)}`, {
      name: str(param.name),
      in: str(param.in) || 'query',
      required: param.required === true,
      description: str(param.description) || str(s.description),
      type: typeInWords(s, deref),
      rule: describeSchema(s, deref),
      defaultValue: s.default === undefined ? '' : String(s.default),
      options: arr(s.enum).map(String),
    });
  }
  return [...byKey.values()];
}

function readResponses(raw: unknown, deref: (v: unknown) => unknown): DocResponse[] {
  const responses = deref(raw);
  if (!isObject(responses)) return [];
  return (
    Object.entries(responses)
      // Status codes: plain order (localeCompare's first call loads ICU's collation, 140 ms on a phone).
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .flatMap(([status, rawResponse]) => {
        const response = deref(rawResponse);
        if (!isObject(response)) return [];
        const content = isObject(response.content) ? response.content : {};
        const media = deref(content['application/json'] ?? Object.values(content)[0]);
        const m = isObject(media) ? media : {};
        const schema = deref(m.schema);
        const headers = isObject(response.headers) ? response.headers : {};
        const description = str(response.description);
        return [
          {
            status,
            description,
            codes: errorCodes(description, schema, m, deref),
            headers: Object.entries(headers).map(([name, header]) => {
              const h = deref(header);
              return { name, description: isObject(h) ? str(h.description) : '' };
            }),
            fields: isObject(schema) ? fieldsOf(schema, deref) : [],
            example: exampleOf(m, schema, deref),
          },
        ];
      })
  );
}

/**
 * The error codes of an answer with a body: the `error` of its examples, the `error` member's enum,
 * and codes named as `code` in its description.
 */
function errorCodes(
  description: string,
  schema: unknown,
  media: Json,
  deref: (v: unknown) => unknown,
): string[] {
  const codes = new Set<string>();
  const examples = isObject(media.examples) ? Object.values(media.examples).map(deref) : [];
  for (const example of [media.example, ...examples.map((e) => (isObject(e) ? e.value : undefined))])
    if (isObject(example) && typeof example.error === 'string') codes.add(example.error);
  const props = isObject(schema) && isObject(schema.properties) ? schema.properties : {};
  const error = deref(props.error);
  for (const value of isObject(error) ? arr(error.enum) : []) if (typeof value === 'string') codes.add(value);
  if (isObject(error) && typeof error.const === 'string') codes.add(error.const);
  if (isObject(schema) && ('error' in props || codes.size > 0)) {
    for (const match of description.matchAll(/`([a-z][a-z0-9]*(?:_[a-z0-9]+)+)`/g))
      codes.add(match[1] as string);
  }
  return [...codes];
}

function exampleOf(media: Json, schema: unknown, deref: (v: unknown) => unknown): DocResponse['example'] {
  if (media.example !== undefined) return { value: media.example, source: 'document' };
  const examples = isObject(media.examples) ? Object.values(media.examples) : [];
  for (const raw of examples) {
    const example = deref(raw);
    if (isObject(example) && example.value !== undefined) return { value: example.value, source: 'document' };
  }
  if (!isObject(schema)) return null;
  if (schema.example !== undefined) return { value: schema.example, source: 'document' };
  const examplesList = arr(schema.examples);
  if (examplesList.length > 0) return { value: examplesList[0], source: 'document' };
  return { value: sampleOf(schema, deref, 0), source: 'schema' };
}

/** A value of the schema's shape, for operations whose description has no example. */
function sampleOf(raw: unknown, deref: (v: unknown) => unknown, depth: number): unknown {
  const schema = deref(raw);
  if (!isObject(schema) || depth > 8) return null;
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  const choices = arr(schema.enum);
  if (choices.length > 0) return choices[0];
  if (schema.const !== undefined) return schema.const;
  const variant = arr(schema.oneOf)[0] ?? arr(schema.anyOf)[0];
  if (variant !== undefined) return sampleOf(variant, deref, depth + 1);
  const all = arr(schema.allOf);
  if (all.length > 0) return Object.assign({}, ...all.map((part) => sampleOf(part, deref, depth + 1)));
  const type = primaryType(schema.type);
  if (type === 'object' || isObject(schema.properties)) {
    const props = isObject(schema.properties) ? schema.properties : {};
    return Object.fromEntries(
      Object.entries(props).map(([name, prop]) => [name, sampleOf(prop, deref, depth + 1)]),
    );
  }
  if (type === 'array') return [sampleOf(schema.items, deref, depth + 1)];
  if (type === 'integer') return typeof schema.minimum === 'number' ? schema.minimum : 0;
  if (type === 'number') return 0;
  if (type === 'boolean') return true;
  if (type === 'null') return null;
  if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  if (schema.format === 'date') return '2026-01-01';
  return 'string';
}

const primaryType = (type: unknown): string =>
  Array.isArray(type) ? str(type.find((t) => t !== 'null')) : str(type);

/** The response body as a list of fields, depth-first. */
export function fieldsOf(schema: Json, deref: (v: unknown) => unknown, prefix = '', depth = 0): DocField[] {
  if (depth > 8) return [];
  const merged = mergeAllOf(schema, deref);
  const props = isObject(merged.properties) ? merged.properties : {};
  const required = new Set(arr(merged.required).map(String));
  const fields: DocField[] = [];
  for (const [name, raw] of Object.entries(props)) {
    const prop = deref(raw);
    if (!isObject(prop)) continue;
    const path = prefix ? `${prefix}.${name}` : name;
    fields.push({
      path,
      type: describeSchema(prop, deref),
      required: required.has(name),
      description: str(prop.description),
    });
    const item = primaryType(prop.type) === 'array' ? deref(prop.items) : null;
    if (isObject(item)) fields.push(...fieldsOf(item, deref, `${path}[]`, depth + 1));
    else fields.push(...fieldsOf(prop, deref, path, depth + 1));
  }
  return fields;
}

function mergeAllOf(schema: Json, deref: (v: unknown) => unknown): Json {
  const parts = arr(schema.allOf).map(deref).filter(isObject);
  if (parts.length === 0) return schema;
  const properties: Json = { ...(isObject(schema.properties) ? schema.properties : {}) };
  const required = [...arr(schema.required)];
  for (const part of parts) {
    const merged = mergeAllOf(part, deref);
    Object.assign(properties, isObject(merged.properties) ? merged.properties : {});
    required.push(...arr(merged.required));
  }
  return { ...schema, properties, required };
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  integer: 'whole number',
  number: 'number',
  boolean: 'true or false',
};

/**
 * A parameter's type as people say it: its title or type in words, its bounds and default, and the
 * examples the schema gives (`grade, such as PSA 10 or Raw`; `whole number, 1 to 365, default 30`).
 * Lengths and patterns are left to the rule (describeSchema).
 */
export function typeInWords(raw: unknown, deref: (v: unknown) => unknown = (v) => v): string {
  const schema = deref(raw);
  if (!isObject(schema)) return '';
  const type = primaryType(schema.type);
  const choices = arr(schema.enum);
  let noun =
    str(schema.title) || (str(schema.format) === 'date' ? 'date' : TYPE_WORDS[type] || type || 'any');
  if (str(schema.format) === 'date') noun = `${noun} (YYYY-MM-DD)`;
  const parts = [noun];
  if (choices.length > 0 && choices.length <= 6) parts.push(`one of ${choices.map(String).join(', ')}`);
  else if (choices.length > 6) parts.push(`one of ${choices.length} values`);
  const min = typeof schema.minimum === 'number' ? schema.minimum : null;
  const max = typeof schema.maximum === 'number' ? schema.maximum : null;
  if (min !== null && max !== null) parts.push(`${min} to ${max}`);
  else if (min !== null) parts.push(`at least ${min}`);
  else if (max !== null) parts.push(`at most ${max}`);
  if (schema.default !== undefined) parts.push(`default ${String(schema.default)}`);
  const examples = arr(schema.examples).filter((e) => typeof e === 'string' || typeof e === 'number');
  if (examples.length > 0) parts.push(`such as ${examples.map(String).join(' or ')}`);
  return parts.join(', ');
}

/** `integer, 1 to 365, default 30`; `string, 1 to 200 characters, matching ^...$`; `number or null`. */
export function describeSchema(raw: unknown, deref: (v: unknown) => unknown = (v) => v): string {
  const schema = deref(raw);
  if (!isObject(schema)) return '';
  const variants = [...arr(schema.oneOf), ...arr(schema.anyOf)];
  let type = Array.isArray(schema.type) ? schema.type.map(str).join(' or ') : str(schema.type);
  if (!type && variants.length > 0) type = variants.map((v) => describeSchema(v, deref)).join(' or ');
  if (!type && isObject(schema.properties)) type = 'object';
  if (type === 'array') {
    const items = describeSchema(schema.items, deref);
    type = items ? `array of ${items.split(',')[0]}` : 'array';
  }
  const parts = [type || 'any'];
  if (schema.nullable === true) parts[0] = `${parts[0]} or null`;
  if (str(schema.format)) parts.push(str(schema.format));
  const min = typeof schema.minimum === 'number' ? schema.minimum : null;
  const max = typeof schema.maximum === 'number' ? schema.maximum : null;
  if (min !== null && max !== null) parts.push(`${min} to ${max}`);
  else if (min !== null) parts.push(`at least ${min}`);
  else if (max !== null) parts.push(`at most ${max}`);
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : null;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : null;
  if (minLength !== null || maxLength !== null) {
    parts.push(`${minLength ?? 0} to ${maxLength ?? '…'} characters`);
  }
  const choices = arr(schema.enum);
  if (choices.length > 0 && choices.length <= 12) parts.push(`one of ${choices.map(String).join(', ')}`);
  else if (choices.length > 12) parts.push(`one of ${choices.length} values`);
  if (str(schema.pattern)) parts.push(`matching ${str(schema.pattern)}`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join(', ');
}

const slug = (text: string): string =>
  `op-${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
