import { BILLING_RULE } from '../src/contract/billing';
import { expect, test } from './fixtures';

/**
 * /docs (issue 14): the API reference from the server's own GET /v1/openapi.json, in the main
 * navigation; "try it" with the visitor's key, saying what each answer cost (a 304 nothing).
 */
type Page = import('@playwright/test').Page;
const operations = (page: Page) => page.locator('section.api-op');

test.beforeEach(async ({ page, apiKey, useKey }) => {
  await useKey(page, apiKey);
});

test('the API docs list every operation of the OpenAPI description with its parameters and answers', async ({
  page,
  api,
}) => {
  const { body } = await api<{ paths: Record<string, Record<string, { parameters?: { name: string }[] }>> }>(
    '/v1/openapi.json',
    { key: null },
  );
  const gets = Object.entries(body.paths).flatMap(([path, item]) =>
    item.get ? [{ path, op: item.get }] : [],
  );

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API docs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API docs' })).toBeVisible();
  await expect(page).toHaveTitle('API docs · Slab Terminal');
  await expect(operations(page)).toHaveCount(gets.length);
  for (const { path, op } of gets) {
    const section = page.getByRole('region', {
      name: new RegExp(`^GET ${path.replaceAll('/', '\\/')}( |$)`),
    });
    await expect(section, path).toBeVisible();
    for (const param of op.parameters ?? []) {
      await expect(
        section
          .getByRole('table', { name: 'Parameters' })
          .locator('tbody th > code')
          .getByText(param.name, { exact: true }),
      ).toBeVisible();
    }
  }
  const floor = page.getByRole('region', { name: /^GET \/v1\/floor/ });
  await expect(floor.getByRole('table', { name: 'Other answers and errors' })).toContainText('rate_limited');
  await expect(floor.getByText(/Example answer/)).toBeVisible();
  // Authentication, quota and rate limits, the headers, conditional requests.
  const overview = page.getByRole('region', { name: 'Authentication, quota and headers' });
  for (const text of ['x-api-key', 'RateLimit-Policy', 'If-None-Match', '304 Not Modified', 'rate_limited']) {
    await expect(overview, text).toContainText(text);
  }
  // Limits up front: each tier's price, quota, request rate and compute budget.
  const limits = page.getByRole('region', { name: 'Limits' });
  // The test server states a free rate of 1,000/s (e2e/support/test-server.ts), not the default 20/s.
  await expect(
    limits.getByRole('row', { name: /^free \$0 1,000 1,000 \(1,000\) 200 \(2,000\)$/ }),
  ).toBeVisible();
  // One billing rule (contract/billing.ts), stated once on the page; no text says errors spend nothing.
  await expect(limits).toContainText(BILLING_RULE);
  const main = (await page.locator('main').textContent()) ?? '';
  expect(main.split(BILLING_RULE).length - 1).toBe(1);
  expect(main).not.toMatch(
    /spends no quota\.|errors, (unknown parameters and )?304 answers (and the keyless operations )?spend nothing/,
  );
  // Types in words; every error status names its codes.
  const value = page.getByRole('region', { name: /^GET \/v3\/value/ });
  const params = value.getByRole('table', { name: 'Parameters' });
  await expect(params.getByRole('row', { name: /^grade / })).toContainText('grade, such as PSA 10 or Raw');
  const errors = value.getByRole('table', { name: 'Other answers and errors' });
  for (const status of ['400', '401', '404', '429', '500', '503'])
    await expect(
      errors
        .getByRole('row', { name: new RegExp(`^${status} `) })
        .locator('code')
        .first(),
    ).toBeVisible();
  // Backticks of the descriptions are code, never shown as text.
  expect(await page.locator('main').textContent()).not.toContain('`');
  expect(await page.locator('main code').count()).toBeGreaterThan(20);
});

test('"try it" sends with the key and says what it cost: 1 call, then a 304 that costs nothing', async ({
  page,
}) => {
  await page.goto('/docs');
  const floor = page.getByRole('region', { name: /^GET \/v1\/floor/ });
  await floor.getByText('Try it with your key').click();
  await floor.getByRole('button', { name: 'Send GET' }).click();
  const answer = floor.getByTestId('try-answer');
  await expect(answer).toContainText('200');
  const cost = floor.getByTestId('try-cost');
  await expect(cost).toHaveText(/^Cost: 1 call \(calls left this month: [\d,]+ before, [\d,]+ after\)\.$/);
  const [before, after] = [...((await cost.textContent()) ?? '').matchAll(/([\d,]+) (?:before|after)/g)].map(
    (m) => Number(m[1]?.replaceAll(',', '')),
  );
  expect(before).toBe((after ?? 0) + 1);
  await expect(answer).toContainText('etag');
  await expect(answer).toContainText('"categories"');

  await floor.getByRole('button', { name: 'Send again with If-None-Match' }).click();
  await expect(answer).toContainText('304');
  await expect(cost).toHaveText(
    `Cost: nothing: 304 Not Modified spends no quota (calls left this month: ${after?.toLocaleString('en-US')} before, ${after?.toLocaleString('en-US')} after).`,
  );
  // The header meter follows what "try it" spent.
  await expect(page.getByRole('meter', { name: 'Quota' })).toHaveAttribute(
    'aria-valuetext',
    new RegExp(`: ${after?.toLocaleString('en-US')} of`),
  );
});

test('Settings keeps settings: the reference moved to API docs', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'API reference' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'API key' })).toBeVisible();
});

// Each scheme once and each width once (contrast depends on the scheme, overflow on the width): the
// four pairs took 50 s of the suite for no finding the two would miss.
for (const [scheme, width] of [
  ['light', 390],
  ['dark', 1280],
] as const) {
  test(`axe finds nothing serious on the API docs at ${width} px (${scheme})`, async ({
    page,
    checkA11y,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/docs');
    await expect(operations(page).first()).toBeVisible();
    const sold = page.getByRole('region', { name: /^GET \/v1\/sold/ });
    await sold.getByText('Try it with your key').click();
    await sold.locator('summary', { hasText: 'Response fields' }).click();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow at ${width}`).toBeLessThanOrEqual(0);
    await checkA11y(page, `API docs at ${width} px (${scheme})`);
  });
}

test('"Copy curl" copies the command with the reader\'s key, which the page shows masked', async ({
  page,
  context,
  apiKey,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/docs');
  const floor = page.getByRole('region', { name: /^GET \/v1\/floor/ });
  await floor.getByText('Try it with your key').click();
  await expect(floor.locator('.try-it__curl')).not.toContainText(apiKey);
  await floor.getByRole('button', { name: 'Copy curl with your key' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`x-api-key: ${apiKey}`);
  expect(copied).not.toContain('<API_KEY>');
});
