import { describe, expect, it } from 'vitest';
import { checkJsonSchema, openApiValidator } from './json-schema-check';

describe('checkJsonSchema (ajv, strict: the response check of the HTTP tests)', () => {
  const schema = {
    type: 'object',
    properties: {
      a: { type: 'integer' },
      b: { anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }] },
      list: { type: 'array', items: { $ref: '#/components/schemas/Item' } },
    },
    required: ['a'],
  };
  const item = { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] };
  const resolveRef = (ref: string) => {
    expect(ref).toBe('#/components/schemas/Item');
    return item;
  };

  it('accepts a conforming value', () => {
    expect(checkJsonSchema(schema, { a: 1, b: '2026-11-15', list: [{ x: 1.5 }] }, resolveRef)).toEqual([]);
    expect(checkJsonSchema(schema, { a: 1, b: null }, resolveRef)).toEqual([]);
  });

  it('reports an undeclared member, at any depth (the document leaves objects open; the tests do not)', () => {
    expect(checkJsonSchema(schema, { a: 1, extra: true }, resolveRef)).toEqual([
      expect.stringMatching(/^\$: must NOT have unevaluated properties .*extra/),
    ]);
    expect(checkJsonSchema(schema, { a: 1, list: [{ x: 1, id: 'raw' }] }, resolveRef)).toEqual([
      expect.stringMatching(/^\$\.list\.0: must NOT have unevaluated properties .*"id"/),
    ]);
  });

  it('reports a missing member, a wrong type and a bad date', () => {
    expect(checkJsonSchema(schema, { b: null }, resolveRef)).toEqual([
      expect.stringMatching(/required.*"a"/),
    ]);
    expect(checkJsonSchema(schema, { a: 1.5 }, resolveRef)).toEqual([
      expect.stringMatching(/^\$\.a: must be integer/),
    ]);
    expect(checkJsonSchema(schema, { a: 1, b: '2026-02-30' }, resolveRef).join()).toMatch(/format "date"/);
  });
});

describe('openApiValidator', () => {
  const document = {
    paths: {
      '/v1/thing': {
        get: {
          parameters: [{ name: 'n', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 3 } }],
          responses: {
            200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
            404: { $ref: '#/components/responses/NoMatch' },
          },
        },
      },
    },
    components: {
      schemas: {
        Thing: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
        ErrorBody: { type: 'object', properties: { error: { type: 'string' }, hint: { type: 'string' } } },
      },
      responses: {
        NoMatch: {
          content: {
            'application/json': {
              schema: {
                allOf: [
                  { $ref: '#/components/schemas/ErrorBody' },
                  { type: 'object', properties: { error: { type: 'string', enum: ['no_match'] } } },
                ],
              },
            },
          },
        },
      },
    },
  };
  const validator = openApiValidator(document);

  it('checks an answer against the documented status, its shared response and the codes it carries', () => {
    expect(validator.response('/v1/thing', 200, { n: 1 })).toEqual([]);
    expect(validator.response('/v1/thing', 200, { n: 1, more: 2 })).toHaveLength(1);
    expect(validator.response('/v1/thing', 404, { error: 'no_match', hint: 'Try q=x instead.' })).toEqual([]);
    expect(validator.response('/v1/thing', 404, { error: 'not_found', hint: 'h' })).toHaveLength(1);
    expect(validator.response('/v1/thing', 404, { error: 'no_match', hint: 'h', stack: 'x' })).toHaveLength(
      1,
    );
    expect(validator.response('/v1/thing', 500, { error: 'internal_error', hint: 'h' })).toEqual([
      '500 is not a documented answer of GET /v1/thing',
    ]);
  });

  it('an allOf of two components is one closed object: the members of both, and no other', () => {
    const schema = { allOf: [{ $ref: '#/components/schemas/A' }, { $ref: '#/components/schemas/B' }] };
    const components: Record<string, Record<string, unknown>> = {
      A: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
      B: { type: 'object', properties: { b: { type: 'boolean' } }, required: ['b'] },
    };
    const resolve = (ref: string) => components[ref.replace('#/components/schemas/', '')] ?? {};
    expect(checkJsonSchema(schema, { a: 'x', b: false }, resolve)).toEqual([]);
    expect(checkJsonSchema(schema, { a: 'x', b: false, c: 1 }, resolve)).toHaveLength(1);
    expect(checkJsonSchema(schema, { a: 'x' }, resolve)).toHaveLength(1);
  });

  it('says which parameter values the document allows', () => {
    expect(validator.allowsParameter('/v1/thing', 'n', 2)).toBe(true);
    expect(validator.allowsParameter('/v1/thing', 'n', 4)).toBe(false);
    expect(validator.allowsParameter('/v1/thing', 'other', 1)).toBe(false);
  });
});
