import type { Response } from '@playwright/test';
import type { Envelope, FloorData } from '../src/contract/resources';
import { expect, test } from './fixtures';

/**
 * Real Chromium asks for compression: the dashboard's files come as the build precompressed them
 * (brotli when asked for, which Chromium does on localhost, else gzip), the API's answers gzipped,
 * and both read right.
 */
test.beforeEach(async ({ page, apiKey, useKey }) => {
  await useKey(page, apiKey);
});

test('the dashboard script arrives precompressed and the floor answer gzipped, and the page shows the same numbers', async ({
  page,
  api,
}) => {
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  const { body: expected } = await api<Envelope<FloorData>>('/v1/floor');
  await page.goto('/');
  await expect(
    page.getByRole('table', { name: /Active listings by category/ }).locator('tbody tr'),
  ).toHaveCount(expected.data.categories.length);

  const script = responses.find((response) =>
    /\/assets\/index-[^/]+\.js$/.test(new URL(response.url()).pathname),
  );
  expect(script, 'the entry script').toBeDefined();
  const accepted = (await script?.request().headerValue('accept-encoding')) ?? '';
  expect(accepted).toContain('gzip');
  expect(await script?.headerValue('content-encoding')).toBe(/\bbr\b/.test(accepted) ? 'br' : 'gzip');
  expect((await script?.headerValue('vary'))?.toLowerCase()).toBe('accept-encoding');

  const floor = responses.find((response) => new URL(response.url()).pathname === '/v1/floor');
  expect(floor, 'the floor call').toBeDefined();
  expect(await floor?.headerValue('content-encoding')).toBe('gzip');
  const received = (await floor?.json()) as Envelope<FloorData>;
  expect(received.data).toEqual(expected.data);
  expect(received.meta.tier).toBe(expected.meta.tier);
});
