import { describe, expect, it } from 'vitest';
import { checkJsonSchema } from './json-schema-check';

describe('checkJsonSchema (the strict response check of the HTTP tests)', () => {
  const schema = {
    type: 'object',
    properties: {
      a: { type: 'integer' },
      b: { type: ['string', 'null'] },
      list: {
        type: 'array',
        items: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] },
      },
    },
    required: ['a'],
  };

  it('accepts a conforming value', () => {
    expect(checkJsonSchema(schema, { a: 1, b: null, list: [{ x: 1.5 }] })).toEqual([]);
  });

  it('reports an undeclared member, at any depth', () => {
    expect(checkJsonSchema(schema, { a: 1, extra: true })).toEqual(['$.extra: not declared']);
    expect(checkJsonSchema(schema, { a: 1, list: [{ x: 1, id: 'raw' }] })).toEqual([
      '$.list[0].id: not declared',
    ]);
  });

  it('reports a missing member and a wrong type', () => {
    expect(checkJsonSchema(schema, { b: 'x' })).toEqual(['$.a: missing']);
    expect(checkJsonSchema(schema, { a: 1.5 })).toEqual(['$.a: number where integer is declared']);
  });
});
