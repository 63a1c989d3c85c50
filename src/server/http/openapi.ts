import { z } from 'zod';
import { API_KEY_HEADER, API_KEY_QUERY_PARAM } from '../../contract/api-key';
import { BILLING_RULE } from '../../contract/billing';
import {
  CategoriesResponseSchema,
  ENDPOINT_LIST,
  ENDPOINT_TAGS,
  ENDPOINTS,
  type Endpoint,
  type ErrorStatus,
} from '../../contract/endpoints';
import { ErrorBodySchema, type ErrorCode, MISSING_KEY_HINT } from '../../contract/errors';
import { OPERATION_PARAMETER_DOCS, PARAMETER_DOCS } from '../../contract/params';
import * as resources from '../../contract/resources';

export const OPENAPI_VERSION = '1.1.0';

/**
 * The OpenAPI 3.1 document of the API, built from the endpoint registry (src/contract/endpoints.ts)
 * and the contract's schemas alone: no app or server is needed, so the linters and the tests read
 * the same document the server serves (GET /v1/openapi.json). docs/api.md, "OpenAPI document".
 */

type Json = Record<string, unknown>;

export const SECURITY_SCHEMES = {
  ApiKeyHeader: {
    type: 'apiKey',
    in: 'header',
    name: API_KEY_HEADER,
    description:
      'The key in the x-api-key header: `slab_live_` followed by 48 lowercase hexadecimal characters.',
  },
  ApiKeyQuery: {
    type: 'apiKey',
    in: 'query',
    name: API_KEY_QUERY_PARAM,
    description: 'The key as the `key` query parameter, for clients that cannot set a header.',
  },
} as const;
const KEYED_SECURITY = [{ ApiKeyHeader: [] }, { ApiKeyQuery: [] }];

/**
 * Contract schemas shared under `components.schemas`, named from the schemas themselves: every
 * `...Schema` the resources module exports (its name without `Schema`), the error body and the
 * categories answer. The document keeps those its operations reach (openApiDocument).
 */
const SCHEMA_COMPONENTS: Record<string, z.ZodType> = {
  ErrorBody: ErrorBodySchema,
  CategoriesResponse: CategoriesResponseSchema,
};
for (const [name, value] of Object.entries(resources))
  if (name.endsWith('Schema') && value instanceof z.ZodType) SCHEMA_COMPONENTS[name.slice(0, -6)] = value;

const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * What zod's JSON Schema says beyond what a client needs: the regular expression behind a
 * `format` (date, date-time), the safe-integer bounds of every integer, `$schema` on each part.
 */
function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy);
  if (value === null || typeof value !== 'object') return value;
  const schema: Json = {};
  for (const [name, member] of Object.entries(value)) schema[name] = tidy(member);
  delete schema.$schema;
  delete schema.$id;
  if (typeof schema.format === 'string') delete schema.pattern;
  if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
  if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
  return schema;
}

function componentSchemas(): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(SCHEMA_COMPONENTS)) registry.add(schema, { id });
  // `input`: an object is described as a client reads it, without `additionalProperties: false`
  // (decisions.md: the resources are tolerant; this server may add members, a client must not break).
  const { schemas } = z.toJSONSchema(registry, {
    io: 'input',
    target: 'draft-2020-12',
    uri: (id) => `#/components/schemas/${id}`,
  });
  const out: Record<string, Json> = {};
  for (const [id, schema] of Object.entries(schemas)) out[id] = tidy(schema) as Json;
  return out;
}

/** The registry's 200 body schemas, by the component that names each. */
const componentOf = (schema: z.ZodType): string => {
  for (const [name, component] of Object.entries(SCHEMA_COMPONENTS)) if (component === schema) return name;
  throw new Error('every 200 body of the registry is a named component');
};

// ---- headers and responses shared by the operations ---------------------------------------------

const stringHeader = (description: string, example: string) => ({
  description,
  schema: { type: 'string' },
  example,
});

/** Response headers under `components.headers`, by component name, with the name each has on the wire. */
const HEADERS: Record<string, { wire: string; object: Json }> = {
  XRequestId: {
    wire: 'x-request-id',
    object: stringHeader(
      'Identifies the request in the server log (the one sent in x-request-id, when it is 1 to 64 of `A-Za-z0-9._:-`).',
      '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b',
    ),
  },
  RateLimit: {
    wire: 'RateLimit',
    object: stringHeader(
      'IETF draft form: `"monthly";r=<calls left this month>;t=<seconds until the quota resets>`.',
      '"monthly";r=987;t=1353600',
    ),
  },
  RateLimitPolicy: {
    wire: 'RateLimit-Policy',
    object: stringHeader(
      'IETF draft form: `"monthly";q=<monthly quota of the tier>;w=<seconds in this month>`.',
      '"monthly";q=1000;w=2592000',
    ),
  },
  ETag: {
    wire: 'ETag',
    object: stringHeader(
      'A strong tag of the answer (on a keyed operation, of its `data`, not of `meta`): send it in If-None-Match to get a 304.',
      '"3q2+7w"',
    ),
  },
  CacheControl: {
    wire: 'Cache-Control',
    object: stringHeader(
      '`private, no-cache`: the answer is per key; a private cache revalidates it.',
      'private, no-cache',
    ),
  },
  Vary: { wire: 'Vary', object: stringHeader('`x-api-key, accept-encoding`.', 'x-api-key, accept-encoding') },
  CacheControlNoStore: {
    wire: 'Cache-Control',
    object: stringHeader('`no-store`: the answer holds a key; no cache keeps it.', 'no-store'),
  },
  RetryAfter: {
    wire: 'Retry-After',
    object: {
      description:
        'Seconds until the quota resets (`quota_exceeded`), until the client may send again (`rate_limited`), or after which to try again (`unavailable`).',
      schema: { type: 'integer', minimum: 0 },
      example: 2,
    },
  },
  WWWAuthenticate: {
    wire: 'WWW-Authenticate',
    object: stringHeader(
      'The scheme the server wants: `ApiKey header="x-api-key"`.',
      'ApiKey header="x-api-key"',
    ),
  },
};
const headersOf = (...names: string[]) => {
  const headers: Record<string, Json> = {};
  for (const name of names) {
    const header = HEADERS[name];
    if (header === undefined) throw new Error(`no header ${name}`);
    headers[header.wire] = { $ref: `#/components/headers/${name}` };
  }
  return headers;
};
const KEYED_HEADERS = ['XRequestId', 'RateLimit', 'RateLimitPolicy', 'CacheControl', 'Vary'];

/** One shared error response per status and set of codes: what it means, and an example of each code. */
interface ErrorResponse {
  status: ErrorStatus;
  codes: readonly ErrorCode[];
  description: string;
  headers: string[];
  /** Only these operations answer with it (by operationId); a shared response has none. */
  operations?: readonly string[];
  /** A component the body also is, besides `{error, hint}`. */
  alsoSchema?: string;
}

const EXAMPLE_TS = '2026-11-15T09:30:00.000Z';
const EXAMPLE_HINTS: Record<ErrorCode, string> = {
  invalid_parameter: 'days must be a whole number from 1 to 365 (default 30).',
  missing_or_malformed_key: MISSING_KEY_HINT,
  no_match: 'No card matches q=charizrd base. Try q=charizard base instead.',
  not_found: 'No such endpoint. GET /v1 lists the endpoints; GET /v1/openapi.json describes them.',
  method_not_allowed: '/v1/floor answers GET, HEAD and OPTIONS only.',
  quota_exceeded:
    'The monthly quota of this free key (1,000 calls in 2026-11, UTC) is spent. It resets on 2026-12-01 at 00:00 UTC, in 1353600 seconds (Retry-After); a higher tier has a larger quota.',
  rate_limited:
    'Too many requests for this free key: it may make 20 a second, in bursts of up to 100. Retry in 1 second (Retry-After); this spent none of the monthly quota. A higher tier has a higher limit.',
  internal_error:
    'The server failed to answer this request. Try again; if it keeps failing, report the x-request-id header of the response.',
  unavailable:
    'The service cannot reach its data store right now. Try again in a minute; nothing was counted against your quota.',
};

const ERROR_RESPONSES: Record<string, ErrorResponse> = {
  InvalidParameter: {
    status: 400,
    codes: ['invalid_parameter'],
    description:
      '`invalid_parameter`: a parameter is unknown (the hint names the known one it resembles), not allowed, out of range or sent more than once; the hint names it and what is allowed. Spends no quota.',
    headers: KEYED_HEADERS,
  },
  MissingOrMalformedKey: {
    status: 401,
    codes: ['missing_or_malformed_key'],
    description: '`missing_or_malformed_key`: send a valid, active key in the x-api-key header.',
    headers: ['XRequestId', 'WWWAuthenticate'],
  },
  NoMatch: {
    status: 404,
    codes: ['no_match'],
    description:
      '`no_match`: nothing in the store matches; for a card query the hint names a query that matches (`Try q=... instead.`). Spends a call when the words of `q` match a card (an answer about its sales), nothing when they match none.',
    headers: KEYED_HEADERS,
  },
  DemoKeyNotFound: {
    status: 404,
    codes: ['not_found'],
    description: '`not_found`: this server is not in demo mode and mints no demo key.',
    headers: ['XRequestId'],
    operations: [ENDPOINTS.demoKey.operationId],
  },
  QuotaOrRateLimit: {
    status: 429,
    codes: ['quota_exceeded', 'rate_limited'],
    description:
      "`quota_exceeded`: the monthly quota of the key is spent; the hint names the reset date. `rate_limited`: the key sent more requests than its tier's rate limit allows (free 20 a second in bursts of 100, pro 50/250, business 200/1,000). Neither spends quota.",
    headers: [...KEYED_HEADERS, 'RetryAfter'],
  },
  UsageRateLimited: {
    status: 429,
    codes: ['rate_limited'],
    description:
      "`rate_limited`: the key sent more requests than its tier's rate limit allows. /v1/usage is answered even when the monthly quota is spent.",
    headers: [...KEYED_HEADERS, 'RetryAfter'],
    operations: [ENDPOINTS.usage.operationId],
  },
  DemoKeyRateLimited: {
    status: 429,
    codes: ['rate_limited'],
    description:
      '`rate_limited`: this client address, its network or the server has minted its demo keys for now (by default an address 10 an hour and 20 a day, a network 30 an hour, the server 1,000 an hour), or the address sent more keyless requests than the keyless limit allows.',
    headers: ['XRequestId', 'RetryAfter', 'CacheControlNoStore'],
    operations: [ENDPOINTS.demoKey.operationId],
  },
  KeylessRateLimited: {
    status: 429,
    codes: ['rate_limited'],
    description:
      '`rate_limited`: this client address sent more requests to the operations that take no key than their limit allows (20 a second in bursts of 100 by default, all of them together).',
    headers: ['XRequestId', 'RetryAfter', 'CacheControlNoStore'],
  },
  InternalError: {
    status: 500,
    codes: ['internal_error'],
    description: '`internal_error`: no detail of the failure is shown; report the x-request-id.',
    headers: ['XRequestId'],
  },
  Unavailable: {
    status: 503,
    codes: ['unavailable'],
    description:
      '`unavailable`: the server cannot reach its store; /v1/ping says so too. Spends nothing; try again after Retry-After.',
    headers: ['XRequestId', 'RetryAfter'],
  },
  PingUnavailable: {
    status: 503,
    codes: ['unavailable'],
    description:
      'The service is up but cannot reach its store: `ok` is false, with the `{error, hint}` of `unavailable`. Try again after Retry-After.',
    headers: ['XRequestId', 'RetryAfter'],
    operations: [ENDPOINTS.ping.operationId],
    alsoSchema: 'Ping',
  },
};

const sameCodes = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((code) => b.includes(code));

/** The response of an operation's status and codes: its own if it has one, else the shared one. */
function errorResponseName(endpoint: Endpoint, status: ErrorStatus): string {
  const codes = endpoint.errors[status] ?? [];
  const fits = Object.entries(ERROR_RESPONSES).filter(
    ([, response]) =>
      response.status === status &&
      sameCodes(response.codes, codes) &&
      (response.operations === undefined || response.operations.includes(endpoint.operationId)),
  );
  const own = fits.find(([, response]) => response.operations !== undefined) ?? fits[0];
  if (own === undefined) throw new Error(`no response for ${endpoint.path} ${status} ${codes.join(', ')}`);
  return own[0];
}

function errorResponseObject(response: ErrorResponse): Json {
  const examples: Record<string, Json> = {};
  for (const code of response.codes) {
    const value: Json = { error: code, hint: EXAMPLE_HINTS[code] };
    if (response.alsoSchema === 'Ping')
      Object.assign(value, { ok: false, service: 'slab-terminal', ts: EXAMPLE_TS });
    examples[code] = { summary: code, value };
  }
  return {
    description: response.description,
    headers: headersOf(...response.headers),
    content: {
      'application/json': {
        // The shared body, with the codes this status carries.
        schema: {
          allOf: [
            schemaRef('ErrorBody'),
            { type: 'object', properties: { error: { type: 'string', enum: [...response.codes] } } },
            ...(response.alsoSchema === undefined ? [] : [schemaRef(response.alsoSchema)]),
          ],
        },
        examples,
      },
    },
  };
}

// ---- operations ---------------------------------------------------------------------------------

/** The query parameters of an operation, from the schema the server validates with. */
function parametersOf(endpoint: Endpoint): Json[] {
  if (endpoint.params === null) return [];
  const converted = z.toJSONSchema(endpoint.params, {
    io: 'input',
    target: 'draft-2020-12',
    unrepresentable: 'any',
  }) as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(converted.properties ?? {}).map(([name, schema]) => {
    const doc = OPERATION_PARAMETER_DOCS[endpoint.operationId]?.[name] ?? PARAMETER_DOCS[name];
    if (doc === undefined) throw new Error(`PARAMETER_DOCS has no ${name}`);
    return {
      name,
      in: 'query',
      description: doc.description,
      required: converted.required?.includes(name) ?? false,
      schema: {
        ...((doc.schema ?? tidy(schema)) as Json),
        ...(doc.title === undefined ? {} : { title: doc.title }),
        ...(doc.examples === undefined ? {} : { examples: [...doc.examples] }),
      },
    };
  });
}

/** The headers of a 200: a keyed answer's caching and limits; the demo key is never cached. */
const okHeadersOf = (endpoint: Endpoint) => {
  if (endpoint.keyed) return [...KEYED_HEADERS, 'ETag'];
  return endpoint === ENDPOINTS.demoKey ? ['XRequestId', 'CacheControlNoStore'] : ['XRequestId', 'ETag'];
};

const statusesOf = (endpoint: Endpoint) => (Object.keys(endpoint.errors).map(Number) as ErrorStatus[]).sort();

function operationOf(endpoint: Endpoint): Json {
  const component = componentOf(endpoint.body);
  const ok: Json = {
    description: endpoint.keyed ? 'The answer in its envelope, `{meta, data}`.' : 'The answer.',
    headers: headersOf(...okHeadersOf(endpoint)),
    content: { 'application/json': { schema: schemaRef(component), example: endpoint.example } },
  };
  const responses: Record<string, Json> = { 200: ok };
  if (endpoint.keyed) {
    responses[304] = {
      description:
        'Not Modified: If-None-Match named the current ETag of the answer. No body; spends no quota (the rate limit still counts it).',
      headers: headersOf(...KEYED_HEADERS, 'ETag'),
    };
  } else if (endpoint !== ENDPOINTS.demoKey) {
    responses[304] = {
      description: 'Not Modified: If-None-Match named the current ETag of the answer. No body.',
      headers: headersOf('XRequestId', 'ETag'),
    };
  }
  for (const status of statusesOf(endpoint))
    responses[status] = { $ref: `#/components/responses/${errorResponseName(endpoint, status)}` };
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    description: endpoint.description,
    tags: [...endpoint.tags],
    security: endpoint.keyed ? KEYED_SECURITY : [],
    parameters: parametersOf(endpoint),
    responses,
  };
}

export interface OpenApiOptions {
  /** `servers` of the document: the public address, else `/` (this server). */
  servers?: { url: string; description?: string }[];
  /** Describe GET /v1/demo-key (a server in demo mode); default true. */
  demoKey?: boolean;
}

/** Every `$ref` in a part of the document. */
function refsIn(value: unknown, refs = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsIn(item, refs);
  else if (value !== null && typeof value === 'object') {
    for (const [name, member] of Object.entries(value)) {
      if (name === '$ref' && typeof member === 'string') refs.add(member);
      else refsIn(member, refs);
    }
  }
  return refs;
}

/** The schemas that `roots` refer to, directly or through other schemas, so that none is unused. */
function reachableSchemas(all: Record<string, Json>, roots: Set<string>): Record<string, Json> {
  const prefix = '#/components/schemas/';
  const kept: Record<string, Json> = {};
  const pending = [...roots];
  for (let ref = pending.pop(); ref !== undefined; ref = pending.pop()) {
    const name = ref.slice(prefix.length);
    const schema = all[name];
    if (!ref.startsWith(prefix) || schema === undefined || name in kept) continue;
    kept[name] = schema;
    pending.push(...refsIn(schema));
  }
  return Object.fromEntries(
    Object.keys(all)
      .filter((name) => name in kept)
      .map((name) => [name, kept[name] as Json]),
  );
}

/** The OpenAPI 3.1 document, from the endpoint registry alone. */
export function openApiDocument(options: OpenApiOptions = {}) {
  const endpoints = ENDPOINT_LIST.filter((e) => options.demoKey !== false || e !== ENDPOINTS.demoKey);
  const paths: Record<string, Json> = {};
  for (const endpoint of endpoints) paths[endpoint.path] = { get: operationOf(endpoint) };
  // Only what the operations refer to, so that no component is unused.
  const used = new Set(endpoints.flatMap((e) => statusesOf(e).map((status) => errorResponseName(e, status))));
  const responses: Record<string, Json> = {};
  for (const [name, response] of Object.entries(ERROR_RESPONSES))
    if (used.has(name)) responses[name] = errorResponseObject(response);
  const schemas = reachableSchemas(componentSchemas(), refsIn([paths, responses]));
  const referred = refsIn([paths, responses]);
  const headers: Record<string, Json> = {};
  for (const [name, header] of Object.entries(HEADERS))
    if (referred.has(`#/components/headers/${name}`)) headers[name] = header.object;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Slab Terminal Graded-Card Market Data API',
      version: OPENAPI_VERSION,
      summary: 'Derived market analytics for graded trading cards.',
      description: `Derived market analytics for graded trading cards. Every data response is \`{meta, data}\`; errors are \`{error, hint}\`. Send a key in the x-api-key header (or the key query parameter). ${BILLING_RULE} Only derived analytics are returned, never raw listing or sale data; resale of the feed is prohibited.`,
      contact: { name: 'Slab Terminal' },
      license: {
        name: 'Proprietary: resale of the feed is prohibited',
        identifier: 'LicenseRef-Slab-Terminal-Terms',
      },
    },
    servers: options.servers ?? [{ url: '/', description: 'This server.' }],
    tags: Object.entries(ENDPOINT_TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas,
      responses,
      headers,
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}
