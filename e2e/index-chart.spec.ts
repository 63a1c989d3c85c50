import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test, waitForPersistedQueries } from './fixtures';

/**
 * The index chart against the real server: the tooltip reads back the API's series at hovered dates,
 * the URL redraws the same chart, the CSV holds exactly what is shown, gaps are named, and several
 * categories cost one call.
 */
type IndexPoint = {
  date: string;
  category: string;
  avg: number;
  median: number;
  listings: number;
  floor_min: number;
  total_value: number;
};
type IndexBody = { data: { series: IndexPoint[] } };

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const addDays = (date: string, days: number) =>
  new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);

/** Plot area of the chart: the figure minus the margins (8 left, 16 right) and the y axis (84). */
async function plotBox(page: Page) {
  const box = await page.getByTestId('index-chart').boundingBox();
  if (box === null) throw new Error('no chart on the page');
  return { left: box.x + 8 + 84, right: box.x + box.width - 16, y: box.y + box.height / 2 };
}

/** Hovers the x position of `date` on a chart drawn from `from` to `to` (a linear day axis). */
async function hoverDate(page: Page, date: string, from: string, to: string) {
  const plot = await plotBox(page);
  const share = (dayNumber(date) - dayNumber(from)) / (dayNumber(to) - dayNumber(from));
  await page.mouse.move(plot.left + share * (plot.right - plot.left), plot.y);
  const tooltip = page.getByTestId('index-tooltip');
  await expect(tooltip).toHaveAttribute('data-date', date);
  return tooltip;
}

async function tooltipValues(page: Page): Promise<Record<string, string>> {
  const rows = page.getByTestId('index-tooltip-row');
  const values: Record<string, string> = {};
  for (const row of await rows.all()) {
    values[(await row.getAttribute('data-series')) ?? ''] = (
      (await row.locator('td').textContent()) ?? ''
    ).trim();
  }
  return values;
}

/** `date` minus whole calendar months (the 3M preset starts the day after). */
const monthsBefore = (date: string, months: number) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1 - months, d)).toISOString().slice(0, 10);
};

const latestOf = (series: IndexPoint[]) =>
  series
    .map((point) => point.date)
    .sort()
    .at(-1) ?? '';

test.beforeEach(async ({ page, useKey, apiKey }) => {
  await useKey(page, apiKey);
});

test('the tooltip shows the API series of every category at the hovered date', async ({ page, api }) => {
  const all = (await api<IndexBody>('/v1/index')).body.data.series;
  const latest = latestOf(all);
  await page.goto('/index?category=pokemon&category=magic&category=golf&metric=median');
  await expect(page.getByTestId('index-chart')).toBeVisible();
  for (const date of ['2026-05-29', '2026-07-04', '2026-09-15', addDays(latest, -3), latest]) {
    await hoverDate(page, date, '2026-05-29', latest);
    const expected: Record<string, string> = {};
    for (const category of ['pokemon', 'magic', 'golf']) {
      const point = all.find((p) => p.date === date && p.category === category);
      expected[category] = point === undefined ? 'no data' : usd.format(point.median);
    }
    expect(await tooltipValues(page), date).toEqual(expected);
  }
});

test('several categories cost one call without category, and a range change costs none', async ({
  page,
  apiCalls,
}) => {
  await page.goto('/index?category=baseball&category=hockey&category=tcg&metric=median');
  await expect(page.getByTestId('index-chart')).toBeVisible();
  const indexCalls = () =>
    apiCalls.metered().filter((request) => new URL(request.url()).pathname === '/v1/index');
  expect(indexCalls().map((request) => new URL(request.url()).search)).toEqual(['']);
  await expect(page.getByTestId('request-cost')).toContainText('1 request for 3 series: 1 new call');
  await page.getByRole('radio', { name: '1M' }).check();
  await page.getByRole('combobox', { name: 'Metric' }).selectOption('total_value');
  await expect(page).toHaveURL(/range=1M/);
  await expect(page.getByTestId('index-chart')).toBeVisible();
  expect(indexCalls()).toHaveLength(1);
});

test('a reload draws from the persisted cache: no call, and the cost says so', async ({ page, apiCalls }) => {
  await page.goto('/index?category=golf&category=racing&metric=median');
  await expect(page.getByTestId('request-cost')).toContainText('1 new call');
  // By the query's path, not a substring: the persisted /v1 document already names /v1/index.
  await waitForPersistedQueries(page, ['/v1/index']);
  apiCalls.reset();
  await page.reload();
  await expect(page.getByTestId('index-chart')).toBeVisible();
  await expect(page.getByTestId('request-cost')).toContainText('0 new calls, 1 from the cache (0 calls)');
  expect(apiCalls.metered().filter((request) => new URL(request.url()).pathname === '/v1/index')).toEqual([]);
});

test('every choice is in the URL, and the URL redraws the same chart', async ({ page, context, api }) => {
  const latest = latestOf((await api<IndexBody>('/v1/index?category=soccer')).body.data.series);
  await page.goto('/index?category=soccer');
  await page.getByRole('checkbox', { name: 'vintage' }).check();
  await page.getByRole('combobox', { name: 'Metric' }).selectOption('floor_min');
  await page.getByRole('radio', { name: '3M' }).check();
  await page.getByRole('checkbox', { name: 'Compare (rebased to 100)' }).check();
  await page.getByRole('checkbox', { name: 'Log scale' }).check();
  await expect(page).toHaveURL(/scale=log/);
  const url = new URL(page.url());
  expect(url.searchParams.getAll('category')).toEqual(['soccer', 'vintage']);
  expect(Object.fromEntries([...url.searchParams].filter(([name]) => name !== 'category'))).toEqual({
    metric: 'floor_min',
    range: '3M',
    compare: '1',
    scale: 'log',
  });
  const title = await page.getByTestId('index-chart').getAttribute('aria-label');
  const date = addDays(latest, -20);
  const rangeFrom = addDays(monthsBefore(latest, 3), 1);
  await hoverDate(page, date, rangeFrom, latest);
  const before = await tooltipValues(page);

  const shared = await context.newPage();
  await shared.goto(url.pathname + url.search);
  await expect(shared.getByRole('checkbox', { name: 'Log scale' })).toBeChecked();
  await expect(shared.getByRole('checkbox', { name: 'Compare (rebased to 100)' })).toBeChecked();
  await expect(shared.getByRole('radio', { name: '3M' })).toBeChecked();
  await expect(shared.getByRole('combobox', { name: 'Metric' })).toHaveValue('floor_min');
  await expect(shared.getByTestId('index-chart')).toHaveAttribute('aria-label', title ?? '');
  await hoverDate(shared, date, rangeFrom, latest);
  expect(await tooltipValues(shared)).toEqual(before);
});

test('the CSV holds exactly the days, series and values shown, rebased when comparing', async ({
  page,
  api,
}) => {
  const all = (await api<IndexBody>('/v1/index')).body.data.series;
  const value = (date: string, category: string) =>
    all.find((p) => p.date === date && p.category === category)?.avg;
  const from = '2026-07-01';
  const to = '2026-08-15';
  await page.goto(`/index?category=pokemon&category=yugioh&metric=avg&from=${from}&to=${to}`);
  await expect(page.getByTestId('index-chart')).toBeVisible();

  const download = async () => {
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    return { name: file.suggestedFilename(), text: readFileSync((await file.path()) ?? '', 'utf8') };
  };
  const days = Array.from({ length: dayNumber(to) - dayNumber(from) + 1 }, (_, i) => addDays(from, i));

  const plain = await download();
  expect(plain.name).toBe(`slab-index-avg-pokemon-yugioh-${from}-to-${to}.csv`);
  const expected = days.map((date) =>
    [date, value(date, 'pokemon') ?? '', value(date, 'yugioh') ?? ''].join(','),
  );
  expect(plain.text).toBe(`${['date,pokemon,yugioh', ...expected].join('\r\n')}\r\n`);

  await page.getByRole('checkbox', { name: 'Compare (rebased to 100)' }).check();
  const rebased = await download();
  const base = { pokemon: value(from, 'pokemon')!, yugioh: value(from, 'yugioh')! };
  const rebase = (date: string, category: 'pokemon' | 'yugioh') => {
    const v = value(date, category);
    return v === undefined ? '' : String(Math.round((v / base[category]) * 10_000) / 100);
  };
  const expectedRebased = days.map((date) =>
    [date, rebase(date, 'pokemon'), rebase(date, 'yugioh')].join(','),
  );
  expect(rebased.name).toBe(`slab-index-avg-rebased-pokemon-yugioh-${from}-to-${to}.csv`);
  expect(rebased.text).toBe(`${['date,pokemon,yugioh', ...expectedRebased].join('\r\n')}\r\n`);
});

test('a label chart (the floor page link) draws that label, names its gaps and leaves them empty', async ({
  page,
  api,
}) => {
  type Labels = { data: { labels: { label: string }[] } };
  const labels = (await api<Labels>('/v1/categories?category=pokemon')).body.data.labels.map((l) => l.label);
  const latest = latestOf((await api<IndexBody>('/v1/index?category=pokemon')).body.data.series);
  const totalDays = dayNumber(latest) - dayNumber('2026-05-29') + 1;
  // A label whose history has holes: the seeded market has several.
  let chosen: { label: string; series: IndexPoint[] } | null = null;
  for (const label of labels) {
    const series = (await api<IndexBody>(`/v1/index?category=pokemon&label=${encodeURIComponent(label)}`))
      .body.data.series;
    if (series.length > 0 && series.length < totalDays && series[0]!.date === '2026-05-29') {
      chosen = { label, series };
      break;
    }
  }
  expect(chosen, 'the seeded store has a pokemon label with missing days').not.toBeNull();
  const { label, series } = chosen!;
  const have = new Set(series.map((point) => point.date));
  const gap = Array.from({ length: totalDays }, (_, i) => addDays('2026-05-29', i)).find(
    (date) => !have.has(date),
  )!;

  await page.goto(`/index?${new URLSearchParams({ category: 'pokemon', label, metric: 'avg' })}`);
  await expect(page.getByText(`Labels of pokemon`)).toBeVisible();
  await expect(page.getByTestId('series-notes')).toContainText(
    `${label}: data on ${series.length} of ${totalDays} days`,
  );
  await hoverDate(page, gap, '2026-05-29', latest);
  expect(await tooltipValues(page)).toEqual({ [label]: 'no data' });
  const present = series[Math.floor(series.length / 2)]!;
  await hoverDate(page, present.date, '2026-05-29', latest);
  expect(await tooltipValues(page)).toEqual({ [label]: usd.format(present.avg) });
  // The line breaks at the gap: one path, a new run (M) after each gap.
  const pathData = await page
    .locator('[data-testid="index-chart"] .index-chart__line')
    .first()
    .getAttribute('d');
  expect((pathData ?? '').match(/M/g)?.length ?? 0).toBeGreaterThan(1);
});

test('adding a label from its category list costs one call, the charted ones none', async ({
  page,
  api,
  apiCalls,
}) => {
  type Labels = { data: { labels: { label: string }[] } };
  const [first, second] = (await api<Labels>('/v1/categories?category=magic')).body.data.labels.map(
    (l) => l.label,
  );
  await page.goto(`/index?${new URLSearchParams({ category: 'magic', label: first!, metric: 'median' })}`);
  await expect(page.getByTestId('index-chart')).toBeVisible();
  apiCalls.reset();
  await page.getByText('Add a label of magic').click();
  await page.getByRole('searchbox', { name: 'Search the labels of magic' }).fill(second!);
  await page.getByRole('button', { name: `Add ${second}`, exact: true }).click();
  await expect(page.getByTestId('index-legend')).toContainText(second!);
  expect(new URL(page.url()).searchParams.getAll('label')).toEqual([first, second]);
  await expect(page.getByTestId('request-cost')).toContainText(
    '2 requests for 2 series: 1 new call, 1 from the cache',
  );
  const calls = apiCalls.metered().map((request) => {
    const url = new URL(request.url());
    return `${url.pathname}${url.search}`;
  });
  expect(calls).toEqual([
    '/v1/categories?category=magic',
    `/v1/index?${new URLSearchParams({ category: 'magic', label: second! })}`,
  ]);
});

test('a chart of categories offers a label search: a label found there starts a label chart', async ({
  page,
  api,
  apiCalls,
}) => {
  type Labels = { data: { labels: { label: string; listings: number }[] } };
  const labels = (await api<Labels>('/v1/categories?category=pokemon')).body.data.labels;
  const target = labels.at(-1)!;
  await page.goto('/index?category=pokemon&category=magic');
  await expect(page.getByTestId('index-chart')).toBeVisible();
  apiCalls.reset();
  await page.getByText('Chart labels (sets) of a category instead').click();
  // The first category charted is offered first: opening the search costs its one list call.
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('pokemon');
  const search = page.getByRole('searchbox', { name: 'Search the labels of pokemon' });
  // Typed loosely: lower case, words in another order.
  const words = target.label.toLowerCase().split(/\s+/).reverse().join(' ');
  await search.fill(words);
  await page.getByRole('button', { name: `Add ${target.label}`, exact: true }).click();
  await expect(page.getByText('Labels of pokemon')).toBeVisible();
  const url = new URL(page.url());
  expect(url.searchParams.getAll('category')).toEqual(['pokemon']);
  expect(url.searchParams.getAll('label')).toEqual([target.label]);
  await expect(page.getByTestId('index-legend')).toContainText(target.label);
  const paths = apiCalls
    .metered()
    .map((request) => new URL(request.url()).pathname + new URL(request.url()).search);
  expect(paths.filter((path) => path.startsWith('/v1/categories'))).toEqual([
    '/v1/categories?category=pokemon',
  ]);
});

/** The brush's track: the chart's plot span (the brush is as wide as the chart, same insets). */
async function brushTrack(page: Page) {
  // Mid-window: the fixed data notice at the bottom would take a press meant for the brush.
  await page.getByTestId('index-brush').evaluate((brush) => brush.scrollIntoView({ block: 'center' }));
  const box = (await page.getByTestId('index-brush').boundingBox())!;
  return { left: box.x + 8 + 84, width: box.width - 8 - 84 - 16 };
}
const centreOf = async (page: Page, testId: string) => {
  const box = (await page.getByTestId(testId).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};
/** A real mouse drag: press, move in steps (pointer events on the way), release. */
async function drag(page: Page, from: { x: number; y: number }, dx: number) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + dx, from.y, { steps: 12 });
  await page.mouse.up();
}
/** The URL is written once a drag pauses: wait until it holds the dates the handles show. */
async function settled(page: Page) {
  const from = await page.getByTestId('index-brush-from').getAttribute('data-date');
  const to = await page.getByTestId('index-brush-to').getAttribute('data-date');
  await expect.poll(() => zoomOf(page)).toEqual({ from, to });
}
const zoomOf = (page: Page) => {
  const params = new URL(page.url()).searchParams;
  return { from: params.get('zoom_from'), to: params.get('zoom_to') };
};

test('dragging a brush handle and the window with the mouse zooms and pans, and the brush shows it', async ({
  page,
  api,
}) => {
  const latest = latestOf((await api<IndexBody>('/v1/index?category=pokemon')).body.data.series);
  const spanDays = dayNumber(latest) - dayNumber('2026-05-29');
  await page.goto('/index?category=pokemon&metric=median');
  await expect(page.getByTestId('index-brush')).toBeVisible();
  const track = await brushTrack(page);
  const daysPerPx = spanDays / track.width;

  // The left handle, dragged 240 px right: the zoom starts about 240 px worth of days later.
  const fromBefore = await centreOf(page, 'index-brush-from');
  expect(Math.abs(fromBefore.x - track.left)).toBeLessThan(2);
  await drag(page, fromBefore, 240);
  await settled(page);
  const zoomed = zoomOf(page);
  const movedDays = dayNumber(zoomed.from!) - dayNumber('2026-05-29');
  expect(Math.abs(movedDays - 240 * daysPerPx), `moved ${movedDays} days`).toBeLessThanOrEqual(1.5);
  expect(zoomed.to).toBe(latest);
  const fromAfter = await centreOf(page, 'index-brush-from');
  expect(Math.abs(fromAfter.x - fromBefore.x - 240), 'the handle followed the mouse').toBeLessThan(
    1 / daysPerPx + 1,
  );
  await expect(page.getByTestId('index-brush-from')).toHaveAttribute('data-date', zoomed.from!);
  // The chart shows the window: its first day is the zoom's first day.
  const plot = await plotBox(page);
  await page.mouse.move(plot.left + 1, plot.y);
  await expect(page.getByTestId('index-tooltip')).toHaveAttribute('data-date', zoomed.from!);

  // The window, dragged 120 px left: both ends move by the same days.
  await drag(page, await centreOf(page, 'index-brush-window'), -120);
  await settled(page);
  const panned = zoomOf(page);
  const shift = dayNumber(panned.from!) - dayNumber(zoomed.from!);
  expect(Math.abs(shift + 120 * daysPerPx), `panned ${shift} days`).toBeLessThanOrEqual(1.5);
  expect(dayNumber(panned.to!) - dayNumber(zoomed.to!)).toBe(shift);
  const fromPanned = await centreOf(page, 'index-brush-from');
  expect(Math.abs(fromPanned.x - (fromAfter.x - 120))).toBeLessThan(1 / daysPerPx + 1);

  // The keyboard: the right handle is a slider, one day per arrow.
  await page.getByRole('slider', { name: 'Zoom end' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => zoomOf(page).to).toBe(addDays(panned.to!, -1));

  await page.getByRole('button', { name: 'Reset zoom' }).click();
  await expect(page).not.toHaveURL(/zoom_from/);
  expect(Math.abs((await centreOf(page, 'index-brush-from')).x - track.left)).toBeLessThan(2);
});

test('a link with a zoom opens with the brush on that window, not on the whole range', async ({
  page,
  api,
}) => {
  const latest = latestOf((await api<IndexBody>('/v1/index?category=pokemon')).body.data.series);
  const spanDays = dayNumber(latest) - dayNumber('2026-05-29');
  await page.goto('/index?category=pokemon&metric=median&zoom_from=2026-07-01&zoom_to=2026-08-15');
  await expect(page.getByTestId('index-brush-from')).toHaveAttribute('data-date', '2026-07-01');
  await expect(page.getByTestId('index-brush-to')).toHaveAttribute('data-date', '2026-08-15');
  const track = await brushTrack(page);
  const xOf = (date: string) =>
    track.left + ((dayNumber(date) - dayNumber('2026-05-29')) / spanDays) * track.width;
  expect(Math.abs((await centreOf(page, 'index-brush-from')).x - xOf('2026-07-01'))).toBeLessThan(2);
  expect(Math.abs((await centreOf(page, 'index-brush-to')).x - xOf('2026-08-15'))).toBeLessThan(2);
  // A short drag keeps the other end where the link put it.
  await drag(page, await centreOf(page, 'index-brush-to'), 30);
  await settled(page);
  expect(zoomOf(page).to).not.toBe('2026-08-15');
  expect(zoomOf(page).from).toBe('2026-07-01');
});

test('switching the range or clearing From redraws the chart and brush without a console error', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/index');
  const brush = page.getByTestId('index-brush');
  await expect(brush).toBeVisible();
  const title = page.locator('.index-page__title');
  for (const range of ['1M', '3M', 'All', '1M', 'All']) {
    const before = await title.textContent();
    await page.getByRole('radio', { name: range }).check();
    await expect(title).not.toHaveText(before ?? '');
    await expect(brush).toBeVisible();
  }
  const from = page.getByLabel('From');
  await from.fill('2026-09-01');
  await expect(page).toHaveURL(/from=2026-09-01/);
  await expect(brush).toBeVisible();
  await from.fill('');
  await expect(page).not.toHaveURL(/from=/);
  await expect(brush).toBeVisible();
  await page.waitForTimeout(300);
  expect(errors).toEqual([]);
});

test('a bad link parameter is named and ignored, the rest of the view kept', async ({ page }) => {
  await page.goto('/index?category=pokemon&category=beanies&metric=mean&range=3M');
  await expect(page.getByRole('list', { name: 'Ignored link parameters' })).toContainText(
    'category "beanies"',
  );
  await expect(page.getByRole('radio', { name: '3M' })).toBeChecked();
  // The default metric, which no single listing can move.
  await expect(page.getByRole('combobox', { name: 'Metric' })).toHaveValue('sales_index');
  await expect(page.getByTestId('index-chart')).toBeVisible();
});

test('axe finds no serious or critical violation on the index page', async ({ page, checkA11y }) => {
  await page.goto('/index?category=pokemon&category=magic');
  await expect(page.getByTestId('index-chart')).toBeVisible();
  await checkA11y(page, '/index');
  await page.setViewportSize({ width: 360, height: 740 });
  await checkA11y(page, '/index at 360 px');
  await page.goto('/index?category=pokemon&label=Base+Set');
  await expect(page.getByText('Labels of pokemon')).toBeVisible();
  await checkA11y(page, '/index with labels');
});

type SalesIndexPoint = { date: string; category: string; label: string | null; index: number };
type SalesIndexBody = { data: { base_date: string; series: SalesIndexPoint[] } };
const points2 = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test('the default chart is the weekly sales index of /v1/sales-index, one call for every category', async ({
  page,
  api,
  apiCalls,
}) => {
  const body = (await api<SalesIndexBody>('/v1/sales-index')).body.data;
  const weeks = [...new Set(body.series.map((p) => p.date))].sort();
  const [first, last] = [weeks[0]!, weeks.at(-1)!];
  expect(first).toBe(body.base_date);
  await page.goto('/index?category=pokemon&category=magic');
  await expect(page.getByRole('combobox', { name: 'Metric' })).toHaveValue('sales_index');
  await expect(page.getByTestId('metric-description')).toContainText(
    'a single sale or listing cannot move it',
  );
  await expect(page.getByTestId('index-chart')).toBeVisible();
  const calls = apiCalls.metered().map((request) => new URL(request.url()));
  expect(calls.filter((url) => url.pathname === '/v1/sales-index').map((url) => url.search)).toEqual(['']);
  expect(calls.filter((url) => url.pathname === '/v1/index')).toEqual([]);
  // The chart runs from the base week's end to the latest week's end, a row per week.
  const date = weeks[Math.floor(weeks.length / 2)]!;
  await hoverDate(page, date, first, last);
  const value = (category: string) =>
    points2.format(body.series.find((p) => p.date === date && p.category === category)!.index);
  expect(await tooltipValues(page)).toEqual({ pokemon: value('pokemon'), magic: value('magic') });
  await hoverDate(page, first, first, last);
  expect(await tooltipValues(page)).toEqual({ pokemon: '100.00', magic: '100.00' });
});

test('compare with a zoom rebases at the first day shown: the title, the chart and the CSV start at 100', async ({
  page,
  api,
}) => {
  const body = (await api<SalesIndexBody>('/v1/sales-index?category=vintage')).body.data;
  const weeks = [...new Set(body.series.map((p) => p.date))].sort();
  const [zoomFrom, zoomTo] = [weeks[4]!, weeks[10]!];
  await page.goto(
    `/index?category=vintage&category=basketball&compare=1&zoom_from=${zoomFrom}&zoom_to=${zoomTo}`,
  );
  await expect(page.getByTestId('index-chart')).toBeVisible();
  await expect(page.locator('.index-page__title')).toContainText('rebased to 100');
  await hoverDate(page, zoomFrom, zoomFrom, zoomTo);
  expect(await tooltipValues(page)).toEqual({ vintage: '100.00', basketball: '100.00' });
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const lines = readFileSync((await file.path()) ?? '', 'utf8')
    .trim()
    .split('\r\n');
  expect(file.suggestedFilename()).toBe(
    `slab-index-sales_index-rebased-vintage-basketball-${zoomFrom}-to-${zoomTo}.csv`,
  );
  expect(lines[0]).toBe('date,vintage,basketball');
  expect(lines[1]).toBe(`${zoomFrom},100,100`);
  // A later week: the index's own ratio to the zoom's first week.
  const at = (date: string) => body.series.find((p) => p.date === date)!.index;
  const ratio = String(Math.round((at(weeks[5]!) / at(zoomFrom)) * 10_000) / 100);
  expect(lines[2]?.split(',').slice(0, 2)).toEqual([weeks[5], ratio]);
});

test("a label chart of the sales index draws the label's series", async ({ page, api }) => {
  const body = (await api<SalesIndexBody>('/v1/sales-index?category=pokemon&label=Base%20Set')).body.data;
  expect(body.series.every((p) => p.label === 'Base Set')).toBe(true);
  const weeks = body.series.map((p) => p.date);
  await page.goto(`/index?${new URLSearchParams({ category: 'pokemon', label: 'Base Set' })}`);
  await expect(page.getByText('Labels of pokemon')).toBeVisible();
  const last = body.series.at(-1)!;
  await hoverDate(page, last.date, weeks[0]!, last.date);
  expect(await tooltipValues(page)).toEqual({ 'Base Set': points2.format(last.index) });
});

test('a log axis has at least three labels whatever the span, with Compare too', async ({ page }) => {
  const yLabels = async () =>
    page.locator('[data-testid="index-chart"] .index-chart__axis--y text').allTextContents();
  await page.goto('/index?metric=median&scale=log');
  await expect(page.getByTestId('index-chart')).toBeVisible();
  const plain = await yLabels();
  expect(plain.length, plain.join(' ')).toBeGreaterThanOrEqual(3);
  expect(new Set(plain).size).toBe(plain.length);
  await page.goto('/index?metric=median&scale=log&compare=1');
  await expect(page.getByTestId('index-chart')).toBeVisible();
  const compared = await yLabels();
  expect(compared.length, compared.join(' ')).toBeGreaterThanOrEqual(3);
  expect(new Set(compared).size).toBe(compared.length);
});

test('x labels put the day first and carry the year on the first tick: never read as month and year', async ({
  page,
}) => {
  await page.goto('/index?category=golf&metric=median');
  await expect(page.getByTestId('index-chart')).toBeVisible();
  const labels = await page
    .locator('[data-testid="index-chart"] .index-chart__axis--x text')
    .allTextContents();
  expect(labels.length).toBeGreaterThan(2);
  expect(labels[0]).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
  for (const label of labels) expect(label).toMatch(/^\d{1,2} [A-Z][a-z]{2}( \d{4})?$/);
});

/** CIE L*a*b* of a computed `rgb(r, g, b)` (sRGB, D65), by the textbook formulas. */
const labOf = (rgb: string): [number, number, number] => {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((c) => {
    const v = Number(c) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const fx = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const fy = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const fz = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
};

test('basketball and pokemon are drawn in clearly different colours, in both themes', async ({ page }) => {
  // Two colours of the same red sit about 10 apart (CIE76); 20 is plainly different at a glance.
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/index?category=basketball&category=pokemon&compare=1');
    const stroke = (key: string) =>
      page
        .getByTestId('index-chart')
        .locator(`path.index-chart__line[data-series$="${key}"]`)
        .evaluate((path) => getComputedStyle(path).stroke);
    const [basketball, pokemon] = [labOf(await stroke('basketball')), labOf(await stroke('pokemon'))];
    const distance = Math.hypot(...basketball.map((v, i) => v - (pokemon[i] as number)));
    expect(distance, `${scheme}: ${basketball} vs ${pokemon}`).toBeGreaterThan(20);
  }
});
