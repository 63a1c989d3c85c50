import type { Envelope, FloorData, LabelStat } from '../src/contract/resources';
import { expect, quotaRemaining, readPersistedCache, test, waitForPersistedQueries } from './fixtures';
import { day, integer, usd } from './support/expected-text';

/** The floor overview (`/`) against the real server: numbers, drill-down, quota and cache costs. */
const floorTable = (page: import('@playwright/test').Page) =>
  page.getByRole('table', { name: /Active listings by category/ });

test.beforeEach(async ({ page, apiKey, useKey }) => {
  await useKey(page, apiKey);
});

test('the floor table shows exactly the numbers of GET /v1/floor, with its as-of date', async ({
  page,
  api,
}) => {
  const { body } = await api<Envelope<FloorData>>('/v1/floor');
  await page.goto('/');

  await expect(page.getByText(`Snapshot as of ${day(body.data.as_of)}`)).toBeVisible();
  const rows = floorTable(page).locator('tbody tr');
  await expect(rows).toHaveCount(body.data.categories.length);
  const shown = await rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.children].map((cell) => cell.textContent?.trim())),
  );
  const expected = body.data.categories.map((row) => [
    row.category,
    usd(row.avg),
    usd(row.median),
    integer(row.listings),
    usd(row.floor_min),
    usd(row.total_value),
  ]);
  expect(shown).toEqual(expected);
});

test('sorting by a column header orders the rows by that number', async ({ page, api }) => {
  const { body } = await api<Envelope<FloorData>>('/v1/floor');
  await page.goto('/');
  const table = floorTable(page);
  await table.getByRole('button', { name: 'Listings' }).click();
  await expect(table.getByRole('columnheader', { name: /Listings/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const byListings = [...body.data.categories]
    .sort((a, b) => b.listings - a.listings)
    .map((row) => row.category);
  await expect(table.locator('tbody th')).toHaveText(byListings);
});

test('choosing a category puts it in the URL and lists its labels, each linking to its index chart', async ({
  page,
  api,
}) => {
  const { body } = await api<Envelope<{ as_of: string; labels: LabelStat[] }>>(
    '/v1/categories?category=pokemon',
  );
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Category' }).selectOption('pokemon');

  await expect(page).toHaveURL(/\/\?category=pokemon$/);
  await expect(floorTable(page).locator('tbody tr')).toHaveCount(1);
  const labels = page.getByRole('table', { name: /Labels of pokemon/ });
  await expect(labels.locator('tbody tr')).toHaveCount(body.data.labels.length);
  const first = body.data.labels[0];
  if (!first) throw new Error('the seeded store has no pokemon labels');
  await expect(labels.locator('tbody tr').first()).toHaveText(
    [first.label, usd(first.avg), usd(first.median), integer(first.listings)].join(''),
  );

  await labels.getByRole('link', { name: first.label, exact: true }).click();
  await expect(page).toHaveURL(`/index?${new URLSearchParams({ category: 'pokemon', label: first.label })}`);
});

test('the quota meter drops by one per new request and not on a cached view', async ({ page, api }) => {
  await page.goto('/');
  await expect(floorTable(page)).toBeVisible();
  const afterFloor = await quotaRemaining(page);
  const { body } = await api<Envelope<unknown>>('/v1/floor');
  expect(body.meta.remaining).toBe(afterFloor - 1); // the direct read above spent one call too

  await page.getByRole('combobox', { name: 'Category' }).selectOption('magic');
  await expect(page.getByRole('table', { name: /Labels of magic/ })).toBeVisible();
  await expect.poll(() => quotaRemaining(page)).toBe(afterFloor - 2);

  await page.getByRole('combobox', { name: 'Category' }).selectOption('tcg');
  await expect(page.getByRole('table', { name: /Labels of tcg/ })).toBeVisible();
  await expect.poll(() => quotaRemaining(page)).toBe(afterFloor - 3);

  await page.getByRole('combobox', { name: 'Category' }).selectOption('magic'); // cached: no call
  await expect(page.getByRole('table', { name: /Labels of magic/ })).toBeVisible();
  await page.getByText('Show the API call').last().click();
  await expect(page.getByText(/Cost of this view: 0 calls \(served from the cache/)).toBeVisible();
  expect(await quotaRemaining(page)).toBe(afterFloor - 3);
});

test('a cold visit costs at most 2 calls and a reload within the stale time costs none', async ({
  page,
  apiCalls,
}) => {
  await page.goto('/');
  await expect(floorTable(page)).toBeVisible();
  expect(apiCalls.metered()).toHaveLength(1);
  expect(apiCalls.all().length).toBeLessThanOrEqual(2);

  await waitForPersistedQueries(page, ['/v1/floor']);
  apiCalls.reset();
  await page.reload();
  await expect(floorTable(page)).toBeVisible();
  await page.getByText('Show the API call').first().click();
  await expect(page.getByText(/Cost of this view: 0 calls/).first()).toBeVisible();
  expect(apiCalls.all()).toEqual([]);
});

test('the persisted cache and every request URL are free of the key', async ({ page, apiKey, apiCalls }) => {
  await page.goto('/?category=pokemon');
  await expect(page.getByRole('table', { name: /Labels of pokemon/ })).toBeVisible();
  const cache = await waitForPersistedQueries(page, ['/v1/floor', '/v1/categories']);
  expect(cache).not.toContain(apiKey);
  expect(await readPersistedCache(page)).not.toContain(apiKey);
  for (const request of apiCalls.all()) expect(request.url()).not.toContain(apiKey);
});

test('an answer that breaks the contract shows the failing field, and nothing crashes', async ({ page }) => {
  // A real server cannot be made to break its own contract: this state is mocked.
  await page.route('**/v1/floor', (route) =>
    route.fulfill({
      json: {
        meta: { tier: 'pro', remaining: 10, generated: '2026-11-15T00:00:00Z' },
        data: {
          as_of: '2026-11-15',
          categories: [
            { category: 'pokemon', avg: 'cheap', median: 1, listings: 1, floor_min: 1, total_value: 1 },
          ],
        },
      },
    }),
  );
  await page.goto('/');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The API answered in an unexpected shape');
  await expect(alert).toContainText('data.categories[0].avg');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('with the network down the page says the API cannot be reached', async ({ page }) => {
  // The server cannot simulate a broken network: the request is aborted in the browser.
  await page.route('**/v1/floor', (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  await expect(page.getByRole('alert')).toContainText('The API cannot be reached', { timeout: 20_000 });
});

test('offline, the page says so and loads as soon as the connection is back', async ({ page, context }) => {
  await page.goto('/settings'); // the app is loaded; the floor has never been fetched in this context
  await context.setOffline(true);
  await page.getByRole('link', { name: 'Floor', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('You are offline');
  await context.setOffline(false);
  await expect(floorTable(page)).toBeVisible();
});

test('the chart draws one bar per category and a click on a bar chooses that category', async ({
  page,
  api,
}) => {
  const { body } = await api<Envelope<FloorData>>('/v1/floor');
  const byValue = [...body.data.categories].sort((a, b) => b.total_value - a.total_value);
  await page.goto('/');
  const bars = page.locator('.floor-bars__track');
  await expect(bars).toHaveCount(byValue.length);
  const target = byValue[3];
  if (!target) throw new Error('the seeded floor has fewer than 4 categories');
  await bars.nth(3).click();
  await expect(page).toHaveURL(`/?category=${target.category}`);
  await expect(page.getByRole('table', { name: new RegExp(`Labels of ${target.category}`) })).toBeVisible();
});

test('the chart follows the category filter: the chosen bar and name are marked, its value and rank said', async ({
  page,
  api,
}) => {
  const { body } = await api<Envelope<FloorData>>('/v1/floor');
  const byValue = [...body.data.categories].sort((a, b) => b.total_value - a.total_value);
  const rank = byValue.findIndex((row) => row.category === 'pokemon');
  const chosen = byValue[rank];
  if (!chosen) throw new Error('the seeded floor has no pokemon row');
  await page.goto('/');
  await expect(page.locator('.floor-bars__track')).toHaveCount(byValue.length);
  await expect(page.getByTestId('floor-chart-selection')).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Category' }).selectOption('pokemon');
  await expect(page.getByTestId('floor-chart-selection')).toHaveText(
    new RegExp(
      `^pokemon: ${usd(chosen.total_value).replace('$', '\\$')}, ${rank + 1}(st|nd|rd|th) of ${byValue.length} by total listed value$`,
    ),
  );
  await expect(page.locator('.floor-bars__track')).toHaveCount(byValue.length);
  const fills = await page
    .locator('.floor-bars__bar')
    .evaluateAll((bars) => bars.map((bar) => getComputedStyle(bar).backgroundColor));
  const marked = await page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--chart-highlight)';
    document.body.append(probe);
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  });
  expect(fills.map((fill, index) => (fill === marked ? index : -1)).filter((i) => i >= 0)).toEqual([rank]);
  await expect(page.locator('.floor-bars__name[data-selected]')).toHaveText(['pokemon']);
  await expect(page.getByRole('button', { name: /^pokemon: / })).toHaveAttribute('aria-pressed', 'true');
});

test('"show the API call" gives the exact request as curl and fetch code, copied with the key masked', async ({
  page,
  context,
  apiKey,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  await expect(floorTable(page)).toBeVisible();
  const panel = page.locator('details', { hasText: 'Show the API call' }).first();
  await panel.getByText('Show the API call').click();
  await expect(panel).toContainText(`GET ${baseURL}/v1/floor`);
  await expect(panel).toContainText('Cost of this view: 1 call');

  await panel.getByRole('button', { name: 'Copy the curl code' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(
    `curl -s '${baseURL}/v1/floor' \\\n  -H 'x-api-key: slab_live_••••••••${apiKey.slice(-4)}'`,
  );
  expect(copied).not.toContain(apiKey);
  await expect(panel.getByText(/const \{ meta, data \} = await response\.json\(\);/)).toBeVisible();
});
