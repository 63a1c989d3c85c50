import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { readUrlParams, urlFlag, urlList, urlSchema, writeUrlParams } from './url-schema';

const COLOURS = ['red', 'green', 'blue'] as const;
const SHAPE = {
  colour: urlList(z.enum(COLOURS, { error: (issue) => `colour "${String(issue.input)}" is unknown.` }), [
    'red',
  ]),
  size: z._default(
    z.pipe(
      z.string().check(z.regex(/^\d+$/, 'size must be a whole number.')),
      z.transform((text: string) => Number(text)),
    ),
    10,
  ),
  note: z.optional(z.string()),
  bold: urlFlag(),
};
const read = (query: string) => readUrlParams(SHAPE, new URLSearchParams(query));

describe('readUrlParams', () => {
  it('gives every absent parameter its default', () => {
    expect(read('')).toEqual({
      params: { colour: ['red'], size: 10, note: undefined, bold: false },
      problems: [],
    });
  });

  it('reads what is there with the schemas', () => {
    expect(read('colour=blue&colour=green&size=3&note=hi&bold=1').params).toEqual({
      colour: ['blue', 'green'],
      size: 3,
      note: 'hi',
      bold: true,
    });
  });

  it('replaces a refused value by its default, with the schema message', () => {
    expect(read('size=big&note=kept')).toEqual({
      params: { colour: ['red'], size: 10, note: 'kept', bold: false },
      problems: ['size must be a whole number.'],
    });
  });

  it('leaves refused and repeated items out of a list, and falls back when none is left', () => {
    expect(read('colour=blue&colour=mauve&colour=blue')).toEqual({
      params: { colour: ['blue'], size: 10, note: undefined, bold: false },
      problems: ['colour "mauve" is unknown.'],
    });
    expect(read('colour=mauve').params.colour).toEqual(['red']);
  });
});

describe('writeUrlParams', () => {
  it('leaves defaults out and writes the rest in the shape order', () => {
    expect(
      writeUrlParams(SHAPE, { colour: ['red'], size: 10, note: undefined, bold: false }).toString(),
    ).toBe('');
    expect(
      writeUrlParams(SHAPE, { colour: ['green', 'red'], size: 4, note: 'a b', bold: true }).toString(),
    ).toBe('colour=green&colour=red&size=4&note=a+b&bold=1');
  });

  it('round-trips through urlSchema', () => {
    const schema = urlSchema(SHAPE);
    const view = { colour: ['blue'] as const, size: 7, note: 'x', bold: true };
    expect(schema.read(schema.write(view))).toEqual({ view, problems: [] });
  });

  it('adds the page view rules, and says each problem once', () => {
    const schema = urlSchema(SHAPE, {
      read: (params) => ({
        view: { big: params.size > 100 },
        problems: params.size > 100 ? ['size was capped.', 'size was capped.'] : [],
      }),
      write: (view) => ({
        colour: ['red' as const],
        size: view.big ? 1000 : 10,
        note: undefined,
        bold: false,
      }),
    });
    expect(schema.read(new URLSearchParams('size=500'))).toEqual({
      view: { big: true },
      problems: ['size was capped.'],
    });
    expect(schema.write({ big: false }).toString()).toBe('');
  });
});
