import { expect, KEY_STORAGE_NAME, test } from './fixtures';

/**
 * The subscriber's path (issue 25): a key of one's own, kept by the browser across tabs and reloads,
 * revealed and copied; this month's usage as the server counts it; pages that fit a phone.
 */
type Page = import('@playwright/test').Page;

const floorTable = (page: Page) => page.getByRole('table', { name: /Active listings by category/ });
// A demo key is kept on the device (localStorage); a key kept for the session would be in sessionStorage.
const storedKey = (page: Page) =>
  page.evaluate((name) => localStorage.getItem(name) ?? sessionStorage.getItem(name), KEY_STORAGE_NAME);

test('a key minted in one tab is used in a new tab and after a reload, and never minted twice', async ({
  page,
  context,
}) => {
  const mints: string[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === '/v1/demo-key') mints.push(request.url());
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Try it now' }).click();
  await expect(floorTable(page)).toBeVisible();
  const key = await storedKey(page);
  expect(key).toMatch(/^slab_live_[0-9a-f]{48}$/);

  // A new tab (as Ctrl-click on a link opens one) gets the key from the open tab.
  const second = await context.newPage();
  await second.goto('/');
  await expect(floorTable(second)).toBeVisible();
  expect(await storedKey(second)).toBe(key);
  await second.reload();
  await expect(floorTable(second)).toBeVisible();
  expect(await storedKey(second)).toBe(key);
  await expect(second.getByText('An API key is needed')).toHaveCount(0);
  expect(mints).toHaveLength(1);

  // Forgotten in one tab, forgotten in the other.
  await second.getByRole('button', { name: /^Key / }).click();
  await second
    .getByRole('dialog', { name: 'Your API key' })
    .getByRole('button', { name: 'Forget key' })
    .click();
  await expect(page.getByRole('button', { name: 'Try it now' })).toBeVisible();
  expect(await storedKey(page)).toBeNull();
});

test('the key is revealed and copied from Settings, and copied curl then carries it in full', async ({
  page,
  context,
  keys,
  useKey,
}) => {
  const { key } = keys.create('free');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await useKey(page, key);
  await page.goto('/settings');
  const facts = page.getByRole('region', { name: 'API key' }).getByTestId('key-facts');
  await expect(facts.getByTestId('key-value')).not.toHaveText(key);
  await facts.getByRole('button', { name: 'Reveal key' }).click();
  await expect(facts.getByTestId('key-value')).toHaveText(key);
  await facts.getByRole('button', { name: 'Copy the API key' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  await page.getByRole('link', { name: 'Floor', exact: true }).first().click();
  await expect(floorTable(page)).toBeVisible();
  await page.getByText('Show the API call').first().click();
  await page.getByRole('button', { name: 'Copy the curl code' }).first().click();
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  expect(curl).toContain(`x-api-key: ${key}'`);
});

test('the usage panel shows the calls this key made, by operation, and what is left', async ({
  page,
  keys,
  api,
  useKey,
}) => {
  const { key } = keys.create('free');
  for (let i = 0; i < 3; i++) expect((await api('/v1/floor', { key })).status).toBe(200);
  for (let i = 0; i < 2; i++) expect((await api('/v1/movers?limit=3', { key })).status).toBe(200);
  expect((await api('/v1/floor?limt=3', { key })).status).toBe(400);
  await useKey(page, key);
  await page.goto('/settings');
  const panel = page.getByRole('region', { name: 'This month' });
  await expect(panel.getByTestId('usage-used')).toHaveText('5 of 1,000');
  await expect(panel.getByTestId('usage-remaining')).toHaveText('995');
  const rows = panel.getByRole('table', { name: 'Calls by operation' }).getByRole('row');
  await expect(rows).toHaveText([/Operation\s*Calls/, /getFloor\s*3/, /listMovers\s*2/]);
  await expect(
    panel.getByRole('img', { name: /^Calls by day this month: 5 in \d+ days?, most on/ }),
  ).toBeVisible();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`Settings with a key and its usage: axe clean and no overflow at 390 px (${scheme})`, async ({
    page,
    keys,
    useKey,
    checkA11y,
  }) => {
    const { key } = keys.create('pro');
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 390, height: 844 });
    await useKey(page, key);
    await page.goto('/settings');
    await expect(page.getByTestId('usage-used')).toBeVisible();
    await page.getByRole('button', { name: 'Reveal key' }).click();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await checkA11y(page, `settings ${scheme}`);
  });
}

test('the API docs: tables fit at 1280 px, nothing overflows outside a scrollable table at 390 px, Try it is clear of the notice', async ({
  page,
  apiKey,
  useKey,
}) => {
  await useKey(page, apiKey);
  await page.goto('/docs');
  const value = page.getByRole('region', { name: /^GET \/v3\/value/ });
  await expect(value).toBeVisible();
  // At 1280 px every table of the operation fits without sideways scrolling.
  const widths = await value
    .locator('.table-scroll')
    .evaluateAll((regions) => regions.map((region) => region.scrollWidth - region.clientWidth));
  expect(widths.every((extra) => extra <= 1)).toBe(true);
  // The limits table too: its last header ("Compute budget ...") whole, no sideways scrolling.
  const limits = page.getByRole('region', { name: 'Limits' });
  const tiers = limits.locator('.table-scroll');
  expect(await tiers.evaluate((region) => region.scrollWidth - region.clientWidth)).toBeLessThanOrEqual(1);
  const [last, box] = await Promise.all([
    limits.getByRole('columnheader').last().boundingBox(),
    tiers.boundingBox(),
  ]);
  expect((last?.x ?? 0) + (last?.width ?? 0)).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0) + 1);
  await value.getByText('Rule').first().click();
  await expect(value.getByRole('table', { name: 'Parameters' })).toContainText('matching');

  // Try it: the answer's status line is scrolled into view above the sticky demo-market notice.
  const floor = page.getByRole('region', { name: /^GET \/v1\/floor/ });
  await floor.getByText('Try it with your key').click();
  await floor.getByRole('button', { name: 'Send GET' }).click();
  const status = floor.locator('.try-it__status');
  await expect(status).toContainText(/200 .* in \d+ ms/);
  const notice = page.getByRole('complementary', { name: 'Data notice' });
  if ((await notice.count()) > 0) {
    const [line, banner] = [await status.boundingBox(), await notice.boundingBox()];
    expect(line && banner && line.y + line.height <= banner.y).toBe(true);
  }

  // At 390 px, only scrollable tables may be wider than the page.
  await page.setViewportSize({ width: 390, height: 844 });
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((element) => !element.closest('.table-scroll, pre'))
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .map((element) => `${element.tagName}.${element.className}`)
      .slice(0, 5),
  );
  expect(wide).toEqual([]);
});

test('no page of the dashboard sends a parameter the API does not know', async ({ page, apiKey, useKey }) => {
  const refused: string[] = [];
  page.on('response', async (response) => {
    if (response.status() !== 400 || !/\/v[13]\//.test(response.url())) return;
    const body = (await response.json().catch(() => null)) as { hint?: string } | null;
    if (body?.hint?.includes('has no parameter')) refused.push(`${response.url()}: ${body.hint}`);
  });
  await useKey(page, apiKey);
  for (const path of [
    '/',
    '/index',
    '/movers',
    '/sold?q=charizard',
    '/value?q=charizard&grade=PSA+10',
    '/settings',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(refused).toEqual([]);
});
