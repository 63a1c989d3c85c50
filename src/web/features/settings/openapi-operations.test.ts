import { describe, expect, it } from 'vitest';
import { operationsOf } from './openapi-operations';

describe('operationsOf', () => {
  it('lists each operation of an OpenAPI description with its summary and named parameters', () => {
    const operations = operationsOf({
      openapi: '3.1.0',
      info: { title: 'Slab', version: '1.1.0' },
      paths: {
        '/v1/floor': {
          get: {
            summary: 'Current floor',
            parameters: [
              { name: 'category', required: false, description: 'One of the 19.' },
              { in: 'query' },
            ],
          },
          parameters: [{ name: 'ignored-path-level' }],
        },
        '/v1/ping': { get: {} },
      },
    });
    expect(operations).toEqual([
      {
        method: 'GET',
        path: '/v1/floor',
        summary: 'Current floor',
        parameters: [{ name: 'category', required: false, description: 'One of the 19.' }],
      },
      { method: 'GET', path: '/v1/ping', summary: '', parameters: [] },
    ]);
  });
});
