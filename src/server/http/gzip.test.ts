import { crc32, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32Combine, gzipTail, gzipWhole, gzipWithHead } from './gzip';
import { acceptsGzip } from './response';

describe('acceptsGzip (Accept-Encoding, RFC 9110 §12.5.3)', () => {
  it.each([
    ['gzip', true],
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['*', true],
    ['deflate, *;q=0.5', true],
    [undefined, false],
    ['', false],
    ['identity', false],
    ['br, deflate', false],
    ['gzip;q=0', false],
    ['gzip; q=0.000', false],
    ['*;q=0', false],
    ['gzip;q=0, *', false],
    ['*, gzip;q=0', false],
    ['gzip;q=abc', true], // Hono's Accept parser reads a malformed weight as the default, 1
  ])('%s -> %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe('gzipWithHead: a per-call head before a tail deflated once', () => {
  it('gunzips to head + tail, for any ASCII head and any tail', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...' {}":,abcxyz0123456789-TZ.'.split('')), maxLength: 400 }),
        fc.string({ unit: 'grapheme', maxLength: 3000 }),
        (head, tail) => {
          const gzipped = gzipWithHead(head, gzipTail(tail));
          expect(gunzipSync(gzipped).toString('utf8')).toBe(head + tail);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a real envelope: the tail is much smaller than the text, and a browser-grade decoder reads it', async () => {
    const data = JSON.stringify({
      series: Array.from({ length: 180 }, (_, day) => ({
        date: `2026-06-${String(day).padStart(2, '0')}`,
        category: 'pokemon',
        avg: 2193.65 + day,
        median: 218,
        listings: 2321 + (day % 9),
      })),
    });
    const head = '{"meta":{"tier":"pro","remaining":41,"generated":"2026-11-21T10:00:00.000Z"},"data":';
    const gzipped = gzipWithHead(head, gzipTail(`${data}}`));
    expect(gzipped.length).toBeLessThan(Buffer.byteLength(head + data) / 4);
    // DecompressionStream is the decoder of the web platform (what a page's fetch uses).
    const stream = new Blob([new Uint8Array(gzipped)]).stream().pipeThrough(new DecompressionStream('gzip'));
    expect(JSON.parse(await new Response(stream).text())).toEqual({
      meta: { tier: 'pro', remaining: 41, generated: '2026-11-21T10:00:00.000Z' },
      data: JSON.parse(data),
    });
  });

  it('refuses a head longer than one stored block holds', () => {
    expect(() => gzipWithHead('x'.repeat(70_000), gzipTail('}'))).toThrow(RangeError);
  });

  it('crc32Combine is the CRC-32 of the concatenation', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 5000 }), fc.uint8Array({ maxLength: 5000 }), (a, b) => {
        const whole = Buffer.concat([a, b]);
        expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(whole));
      }),
    );
  });

  it('gzipWhole gunzips to its input', () => {
    const text = JSON.stringify({ openapi: '3.1.0', paths: { '/v1/floor': { get: {} } } }).repeat(50);
    expect(gunzipSync(gzipWhole(text)).toString('utf8')).toBe(text);
  });
});
