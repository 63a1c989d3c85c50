import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The movers leaderboard against the real server: the API's movers, in signed order, filtered. */
type Mover = {
  label: string;
  category: string;
  current_avg: number;
  prev_avg: number;
  pct_change: number;
  direction: 'up' | 'down';
  n: number;
};
type MoversBody = { data: { beta: boolean; movers: Mover[] } };

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const pct = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, signDisplay: 'exceptZero' });

async function shownRows(page: Page) {
  const rows = page.getByTestId('mover-row');
  await expect(rows.first()).toBeVisible();
  return Promise.all(
    (await rows.all()).map(async (row) => ({
      label: await row.getAttribute('data-label'),
      pct: Number(await row.getAttribute('data-pct')),
      cells: (await row.locator('td, th').allTextContents()).map((text) => text.trim()),
    })),
  );
}

const key = (mover: Pick<Mover, 'label' | 'pct_change'>) => `${mover.label} ${mover.pct_change}`;

test.beforeEach(async ({ page, useKey, apiKey }) => {
  await useKey(page, apiKey);
});

test('the leaderboard shows the API movers, biggest rise first, with every figure', async ({ page, api }) => {
  const { body } = await api<MoversBody>('/v1/movers?limit=25');
  expect(body.data.movers.length).toBeGreaterThan(1);
  await page.goto('/movers');
  await expect(page.getByRole('heading', { name: /Movers/ })).toContainText('beta');
  const rows = await shownRows(page);
  const expected = [...body.data.movers].sort((a, b) => b.pct_change - a.pct_change);
  expect(rows.map((row) => `${row.label} ${row.pct}`)).toEqual(expected.map(key));
  for (const [index, mover] of expected.entries()) {
    expect(rows[index]!.cells).toEqual([
      String(index + 1),
      mover.label,
      `${mover.direction === 'up' ? 'Up ' : 'Down '}${pct.format(mover.pct_change)}%`,
      usd.format(mover.current_avg),
      usd.format(mover.prev_avg),
      String(mover.n),
      mover.category,
      'Cards',
    ]);
  }
});

test('the up and down filters keep one direction, in order, and sit in the URL', async ({ page, api }) => {
  const movers = (await api<MoversBody>('/v1/movers?limit=40')).body.data.movers;
  await page.goto('/movers?limit=40');
  await page.getByRole('radio', { name: 'Up' }).check();
  await expect(page).toHaveURL(/direction=up/);
  const ups = movers.filter((m) => m.direction === 'up').sort((a, b) => b.pct_change - a.pct_change);
  expect((await shownRows(page)).map((row) => `${row.label} ${row.pct}`)).toEqual(ups.map(key));

  await page.getByRole('radio', { name: 'Down' }).check();
  await expect(page).toHaveURL(/direction=down/);
  const downs = movers.filter((m) => m.direction === 'down').sort((a, b) => a.pct_change - b.pct_change);
  expect((await shownRows(page)).map((row) => `${row.label} ${row.pct}`)).toEqual(downs.map(key));
  expect(downs.every((m) => m.pct_change < 0)).toBe(true);
});

test('the category filter and the limit ask the API for exactly that', async ({ page, api, apiCalls }) => {
  const all = (await api<MoversBody>('/v1/movers?limit=100')).body.data.movers;
  const category = all[0]!.category;
  const expected = (await api<MoversBody>(`/v1/movers?category=${category}&limit=3`)).body.data.movers;
  await page.goto('/movers');
  await expect(page.getByTestId('mover-row').first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Category' }).selectOption(category);
  await page.getByRole('spinbutton', { name: 'Rows (limit)' }).fill('3');
  await expect(page).toHaveURL(new RegExp(`category=${category}&limit=3`));
  const rows = await shownRows(page);
  expect(rows.map((row) => row.label).sort()).toEqual(expected.map((m) => m.label).sort());
  expect(rows.every((row) => row.cells[6] === category)).toBe(true);
  const movers = apiCalls.metered().map((request) => new URL(request.url()).search);
  expect(movers).toContain(`?category=${category}&limit=3`);
});

test('a limit outside 1..100 shows the hint and asks nothing', async ({ page, apiCalls }) => {
  await page.goto('/movers?limit=10');
  await expect(page.getByTestId('mover-row').first()).toBeVisible();
  apiCalls.reset();
  const limit = page.getByRole('spinbutton', { name: 'Rows (limit)' });
  await limit.fill('500');
  await expect(page.getByRole('alert')).toHaveText(
    'limit must be a whole number from 1 to 100 (default 25).',
  );
  await expect(limit).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/limit=10$/);
  expect(apiCalls.metered()).toEqual([]);
  await expect(page.getByTestId('mover-row')).toHaveCount(10);
});

test('typing a limit or stepping it with the arrows asks the API once per change, not per keystroke', async ({
  page,
  apiCalls,
}) => {
  await page.goto('/movers?limit=10');
  await expect(page.getByTestId('mover-row').first()).toBeVisible();
  const moversCalls = () =>
    apiCalls
      .metered()
      .map((request) => new URL(request.url()))
      .filter((url) => url.pathname === '/v1/movers')
      .map((url) => url.search);
  apiCalls.reset();
  const limit = page.getByRole('spinbutton', { name: 'Rows (limit)' });

  await limit.fill('');
  await limit.pressSequentially('73', { delay: 150 });
  await expect(page).toHaveURL(/limit=73$/);
  await expect(page.getByTestId('mover-row').first()).toBeVisible();
  expect(moversCalls()).toEqual(['?limit=73']);

  // Three arrow steps in a row are one change.
  await limit.press('ArrowUp');
  await limit.press('ArrowUp');
  await limit.press('ArrowUp');
  await expect(page).toHaveURL(/limit=76$/);
  await expect(page.getByTestId('mover-row').first()).toBeVisible();
  expect(moversCalls()).toEqual(['?limit=73', '?limit=76']);

  // Enter sends at once; leaving the field unchanged sends nothing more.
  await limit.fill('12');
  await limit.press('Enter');
  await expect(page).toHaveURL(/limit=12$/);
  await limit.blur();
  await page.waitForTimeout(1000);
  expect(moversCalls()).toEqual(['?limit=73', '?limit=76', '?limit=12']);
});

test('a row links to its label index chart and to the cards of its label', async ({ page }) => {
  await page.goto('/movers');
  const first = page.getByTestId('mover-row').first();
  const label = (await first.getAttribute('data-label')) ?? '';
  const category = ((await first.locator('td').nth(5).textContent()) ?? '').trim();
  await expect(first.getByRole('link', { name: `Cards of ${label}` })).toHaveAttribute(
    'href',
    `/card?${new URLSearchParams({ q: label, category, label })}`,
  );
  await first.getByRole('link', { name: label, exact: true }).click();
  await expect(page).toHaveURL(`/index?${new URLSearchParams({ category, label })}`);
  await expect(page.getByText(`Labels of ${category}`)).toBeVisible();
  await expect(page.getByTestId('index-chart')).toBeVisible();
});

test('axe finds no serious or critical violation on the movers page', async ({ page, checkA11y }) => {
  await page.goto('/movers?direction=down');
  await expect(page.getByTestId('mover-row').first()).toBeVisible();
  await checkA11y(page, '/movers');
  await page.setViewportSize({ width: 360, height: 740 });
  await checkA11y(page, '/movers at 360 px');
});

type CardMoversBody = {
  data: { days: number; movers: { title: string; grade: string; label: string; pct_change: number }[] };
};

test('the Cards view ranks cards in one grade as /v1/card-movers does, each linking to its card page in that grade', async ({
  page,
  api,
}) => {
  const { body } = await api<CardMoversBody>('/v1/card-movers?days=30&limit=25');
  expect(body.data.movers.length).toBeGreaterThan(1);
  await page.goto('/movers');
  await page.getByRole('radio', { name: 'Cards' }).check();
  await expect(page).toHaveURL(/show=cards/);
  const rows = page.getByTestId('card-mover-row');
  await expect(rows).toHaveCount(body.data.movers.length);
  const shown = await Promise.all(
    (await rows.all()).map(async (row) => [
      await row.getAttribute('data-title'),
      await row.getAttribute('data-grade'),
    ]),
  );
  expect(shown).toEqual(body.data.movers.map((mover) => [mover.title, mover.grade]));
  const first = body.data.movers[0] as CardMoversBody['data']['movers'][number];
  await expect(rows.first()).toContainText(pct.format(first.pct_change));

  // 7 days, falls only, one grade: the same question the API answers.
  await page.getByRole('radio', { name: '7' }).check();
  await page.getByRole('radio', { name: 'Down' }).check();
  await page.getByRole('combobox', { name: 'Grade' }).selectOption('PSA 10');
  await expect(page).toHaveURL(/days=7/);
  const down = (await api<CardMoversBody>('/v1/card-movers?days=7&direction=down&grade=PSA%2010&limit=25'))
    .body.data.movers;
  if (down.length > 0) {
    await expect(rows).toHaveCount(down.length);
    for (const row of await rows.all()) await expect(row).toHaveAttribute('data-grade', 'PSA 10');
    // The card page of the first row, in that grade.
    const top = down[0] as CardMoversBody['data']['movers'][number];
    await rows.first().getByRole('link', { name: top.title }).click();
    await expect(page).toHaveURL(/\/card\?title=.+&grade=PSA\+10/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(top.title);
  } else {
    await expect(page.getByText('No card moved')).toBeVisible();
  }
});
