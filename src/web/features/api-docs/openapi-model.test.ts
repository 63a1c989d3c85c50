import { describe, expect, it } from 'vitest';
import { describeSchema, readApiDocs, typeInWords } from './openapi-model';

/** A small description in the shape the server's will take: components, $refs, operationIds, examples. */
const SPEC = {
  openapi: '3.1.0',
  info: { title: 'Slab', version: '1.1.0', description: 'Every answer is `{meta, data}`.' },
  servers: [{ url: '/' }],
  components: {
    securitySchemes: { ApiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
    parameters: {
      Days: {
        name: 'days',
        in: 'query',
        description: 'Window in days.',
        schema: { type: 'integer', minimum: 1, maximum: 365, default: 30 },
      },
    },
    schemas: {
      Meta: {
        type: 'object',
        properties: { tier: { type: 'string' }, remaining: { type: 'integer' } },
        required: ['tier', 'remaining'],
      },
      ByGrade: {
        type: 'object',
        properties: { grade: { type: 'string' }, median: { type: ['number', 'null'] } },
        required: ['grade'],
      },
      Error: {
        type: 'object',
        properties: {
          error: { type: 'string', enum: ['quota_exceeded', 'rate_limited'] },
          hint: { type: 'string' },
        },
        required: ['error', 'hint'],
      },
    },
  },
  paths: {
    '/v1/ping': {
      get: { operationId: 'ping', security: [], responses: { '200': { description: 'Alive.' } } },
    },
    '/v1/sold': {
      get: {
        operationId: 'getSold',
        summary: 'Sold comps',
        description: 'Stats of `q`.\n\nOne call each.',
        security: [{ ApiKeyHeader: [] }],
        parameters: [
          {
            name: 'q',
            in: 'query',
            required: true,
            schema: { type: 'string', minLength: 1, maxLength: 200 },
          },
          { $ref: '#/components/parameters/Days' },
        ],
        responses: {
          '200': {
            description: 'The stats.',
            headers: { ETag: { description: 'Tag of `data`.' } },
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    meta: { $ref: '#/components/schemas/Meta' },
                    data: {
                      type: 'object',
                      properties: {
                        by_grade: { type: 'array', items: { $ref: '#/components/schemas/ByGrade' } },
                      },
                    },
                  },
                },
                examples: {
                  psa: { value: { meta: { tier: 'free', remaining: 999 }, data: { by_grade: [] } } },
                },
              },
            },
          },
          '404': {
            description: '`no_match`: nothing matched.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
          '429': {
            description: 'Quota or rate.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        },
      },
    },
  },
};

describe('readApiDocs', () => {
  const docs = readApiDocs(SPEC);
  const sold = docs.operations.find((op) => op.operationId === 'getSold');

  it('lists every operation, keyed or not, with its id and anchor', () => {
    expect(docs.operations.map((op) => [op.method, op.path, op.keyed, op.id])).toEqual([
      ['GET', '/v1/ping', false, 'op-ping'],
      ['GET', '/v1/sold', true, 'op-getsold'],
    ]);
    expect(docs.security).toEqual([{ name: 'ApiKeyHeader', where: 'header x-api-key', description: '' }]);
    expect(docs.title).toBe('Slab');
  });

  it('follows parameter $refs and says each type in words with its bounds and default, the rule beside', () => {
    expect(sold?.parameters.map((p) => [p.name, p.required, p.type, p.rule, p.defaultValue])).toEqual([
      ['q', true, 'text', 'string, 1 to 200 characters', ''],
      ['days', false, 'whole number, 1 to 365, default 30', 'integer, 1 to 365, default 30', '30'],
    ]);
  });

  it('says a type by its title and examples, leaving the pattern to the rule', () => {
    const grade = {
      type: 'string',
      title: 'grade',
      minLength: 3,
      pattern: '^P',
      examples: ['PSA 10', 'Raw'],
    };
    expect(typeInWords(grade)).toBe('grade, such as PSA 10 or Raw');
    expect(describeSchema(grade)).toBe('string, 3 to … characters, matching ^P');
    expect(typeInWords({ type: 'string', format: 'date' })).toBe('date (YYYY-MM-DD)');
    expect(typeInWords({ type: 'string', enum: ['a', 'b'] })).toBe('text, one of a, b');
  });

  it('flattens the answer into fields through $refs and array items', () => {
    const ok = sold?.responses.find((r) => r.status === '200');
    expect(ok?.fields.map((f) => [f.path, f.type, f.required])).toEqual([
      ['meta', 'object', false],
      ['meta.tier', 'string', true],
      ['meta.remaining', 'integer', true],
      ['data', 'object', false],
      ['data.by_grade', 'array of object', false],
      ['data.by_grade[].grade', 'string', true],
      ['data.by_grade[].median', 'number or null', false],
    ]);
    expect(ok?.headers).toEqual([{ name: 'ETag', description: 'Tag of `data`.' }]);
    expect(ok?.example).toEqual({
      value: { meta: { tier: 'free', remaining: 999 }, data: { by_grade: [] } },
      source: 'document',
    });
  });

  it('reads error codes from the description and from the error enum', () => {
    const codes = Object.fromEntries(sold?.responses.map((r) => [r.status, r.codes]) ?? []);
    expect(codes['404']).toEqual(['quota_exceeded', 'rate_limited', 'no_match']);
    expect(codes['429']).toEqual(['quota_exceeded', 'rate_limited']);
  });

  it('lists the answers by status code', () => {
    const doc = readApiDocs({
      openapi: '3.1.0',
      paths: {
        '/v1/x': {
          get: {
            responses: {
              default: { description: 'Other.' },
              '429': { description: 'Slow down.' },
              '200': { description: 'Fine.' },
              '304': { description: 'Unchanged.' },
            },
          },
        },
      },
    });
    expect(doc.operations[0]?.responses.map((r) => r.status)).toEqual(['200', '304', '429', 'default']);
  });

  it('makes an example from the schema when the document has none, and says so', () => {
    const bare = readApiDocs({
      openapi: '3.1.0',
      paths: {
        '/v1/x': {
          get: {
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: {
                        n: { type: 'integer', minimum: 1 },
                        at: { type: 'string', format: 'date' },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    });
    expect(bare.operations[0]?.responses[0]?.example).toEqual({
      value: { n: 1, at: '2026-01-01' },
      source: 'schema',
    });
    expect(bare.operations[0]?.keyed).toBe(false);
  });

  it('survives documents it does not understand', () => {
    expect(readApiDocs(null).operations).toEqual([]);
    expect(readApiDocs({ openapi: '3.1.0', paths: { '/a': 5, '/b': { get: 'x' } } }).operations).toEqual([]);
    const loop = readApiDocs({
      openapi: '3.1.0',
      components: { schemas: { A: { $ref: '#/components/schemas/A' } } },
      paths: {
        '/a': {
          get: {
            responses: {
              '200': {
                description: 'loop',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/A' } } },
              },
            },
          },
        },
      },
    });
    expect(loop.operations).toHaveLength(1);
  });

  it('describes enums and patterns', () => {
    expect(describeSchema({ type: 'string', enum: ['a', 'b'] })).toBe('string, one of a, b');
    expect(describeSchema({ type: 'string', pattern: '^\\d+$' })).toBe('string, matching ^\\d+$');
  });
});
