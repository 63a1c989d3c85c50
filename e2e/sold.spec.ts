import type { Page } from '@playwright/test';
import { suggestedQueryOf } from '../src/contract/card-query';
import type { ErrorBody } from '../src/contract/errors';
import { compareGrades, GRADE_HINT } from '../src/contract/grades';
import type { Envelope, SoldData } from '../src/contract/resources';
import { expect, test } from './fixtures';
import { integer, usd } from './support/expected-text';

/** The sold-comp explorer (`/sold`) against the real server on the seeded small store. */
const CARD = 'charizard';

test.beforeEach(async ({ page, apiKey, useKey }) => {
  await useKey(page, apiKey);
});

const soldRequests = (requests: { url: () => string }[]) =>
  requests.filter((request) => new URL(request.url()).pathname === '/v1/sold');

/** Every number of the stat cards and the by-grade table, as the page shows them. */
async function expectSoldNumbers(page: Page, data: SoldData) {
  await expect(page.getByTestId('sold-avg')).toHaveText(usd(data.avg));
  await expect(page.getByTestId('sold-median')).toHaveText(usd(data.median));
  await expect(page.getByTestId('sold-min')).toHaveText(usd(data.min));
  await expect(page.getByTestId('sold-max')).toHaveText(usd(data.max));
  await expect(page.getByTestId('sold-sales')).toHaveText(integer(data.sales));
  await expect(page.getByTestId('sold-window')).toHaveText(`${data.window_days} days`);
  // A mixed answer leads with one grade's figure: the most traded grade (then the higher median).
  const lead = [...data.by_grade].sort((a, b) => b.sales - a.sales || b.median - a.median)[0];
  if (data.by_grade.length > 1 && lead)
    await expect(page.getByTestId('sold-lead')).toContainText(`${lead.grade}: median ${usd(lead.median)}`);
  else await expect(page.getByTestId('sold-lead')).toHaveCount(0);
  const ordered = [...data.by_grade].sort((a, b) => compareGrades(a.grade, b.grade));
  const rows = page.getByTestId('by-grade-row');
  await expect(rows).toHaveCount(ordered.length);
  const shown = await rows.evaluateAll((trs) =>
    trs.map((tr) => [
      (tr as HTMLElement).dataset.grade,
      ...[...tr.querySelectorAll('td')].map((td) => td.textContent),
    ]),
  );
  expect(shown).toEqual(ordered.map((row) => [row.grade, usd(row.median), usd(row.avg), integer(row.sales)]));
}

test('the stat cards and the by-grade table show exactly the numbers of GET /v1/sold', async ({
  page,
  api,
}) => {
  const { status, body } = await api<Envelope<SoldData>>(`/v1/sold?q=${CARD}&days=90`);
  expect(status).toBe(200);
  expect(body.data.by_grade.length).toBeGreaterThan(1);
  await page.goto(`/sold?q=${CARD}&days=90`);
  await expectSoldNumbers(page, body.data);
  // The chart labels each bar with its count of sales, grades in the table's order.
  const chart = page.getByRole('figure', {
    name: /Median sold price per grade/,
  });
  const ordered = [...body.data.by_grade].sort((a, b) => compareGrades(a.grade, b.grade));
  await expect(chart.locator('.column-chart__above')).toHaveText(ordered.map((row) => integer(row.sales)));
});

test('the grade input accepts psa10, shows PSA 10 and asks for PSA 10', async ({ page, api, apiCalls }) => {
  await page.goto('/sold');
  await page.getByRole('textbox', { name: 'Card' }).fill(CARD);
  const grade = page.getByRole('textbox', { name: 'Grade' });
  await grade.fill('psa10');
  await grade.blur();
  await expect(grade).toHaveValue('PSA 10');
  await page.getByRole('button', { name: 'Show sold comps' }).click();

  await expect(page).toHaveURL(`/sold?q=${CARD}&grade=PSA+10`);
  await expect(page.getByRole('textbox', { name: 'Grade' })).toHaveValue('PSA 10');
  await expect(page.getByRole('button', { name: 'Show sold comps' })).toBeFocused();
  const { body } = await api<Envelope<SoldData>>(`/v1/sold?q=${CARD}&grade=PSA%2010`);
  await expectSoldNumbers(page, body.data);
  expect(
    soldRequests(apiCalls.metered()).map((request) => new URL(request.url()).searchParams.get('grade')),
  ).toEqual(['PSA 10']);
});

test('a grade the contract refuses shows its hint and sends no request', async ({ page, apiCalls }) => {
  await page.goto(`/sold?q=${CARD}&grade=psa11&days=400`);
  await expect(page.getByTestId('hint-grade')).toContainText(GRADE_HINT);
  await expect(page.getByTestId('hint-days')).toHaveText(
    'days must be a whole number from 1 to 365 (default 30).',
  );
  await expect(page.getByRole('textbox', { name: 'Grade' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('sold-median')).toHaveCount(0);
  expect(soldRequests(apiCalls.all())).toEqual([]);
});

test('a query without a match shows the API hint', async ({ page, api }) => {
  const { status, body } = await api<ErrorBody>('/v1/sold?q=zzqx%20nothingcard');
  expect(status).toBe(404);
  expect(body.error).toBe('no_match');
  await page.goto('/sold?q=zzqx+nothingcard');
  const panel = page.getByRole('status').filter({ hasText: 'No match' });
  await expect(panel).toContainText(body.hint);
});

test('a no_match hint that names a matching query offers it as a link that keeps grade and days', async ({
  page,
  api,
}) => {
  const { status, body } = await api<ErrorBody>(`/v1/sold?q=${CARD}%20zzqx&grade=PSA%2010&days=90`);
  expect(status).toBe(404);
  const suggested = suggestedQueryOf(body.hint);
  if (suggested === null) throw new Error(`the hint names no query: ${body.hint}`);
  const { body: found } = await api<Envelope<SoldData>>(
    `/v1/sold?${new URLSearchParams({ q: suggested, grade: 'PSA 10', days: '90' })}`,
  );
  await page.goto(`/sold?q=${CARD}+zzqx&grade=PSA+10&days=90`);
  const panel = page.getByRole('status').filter({ hasText: 'No match' });
  await expect(panel).toContainText(body.hint);
  await panel.getByRole('link', { name: `Try “${suggested}” instead` }).click();
  await expect(page).toHaveURL(`/sold?${new URLSearchParams({ q: suggested, grade: 'PSA 10', days: '90' })}`);
  await expect(page.getByRole('textbox', { name: 'Card' })).toHaveValue(suggested);
  await expectSoldNumbers(page, found.data);
});

test('the window comparison says its cost before asking, then shows the API numbers of each window', async ({
  page,
  api,
  apiCalls,
}) => {
  // A mixed answer: the windows compare the grade the headline leads with (most sales, then the
  // higher median) with itself, so none of the five windows is cached yet.
  const mixed = (await api<Envelope<SoldData>>(`/v1/sold?q=${CARD}`)).body.data;
  expect(mixed.by_grade.length).toBeGreaterThan(1);
  const lead = mixed.by_grade.toSorted((a, b) => b.sales - a.sales || b.median - a.median)[0]?.grade ?? '';
  await page.goto(`/sold?q=${CARD}`);
  await expect(page.getByTestId('sold-median')).toBeVisible();
  await expect(page.getByTestId('comparison-cost')).toHaveText('5 API calls');
  await expect(page.getByText(`Median and number of sales in ${lead} only`)).toBeVisible();
  apiCalls.reset();
  await page.getByRole('button', { name: 'Compare the windows (5 API calls)' }).click();

  const rows = page.getByTestId('window-row');
  await expect(rows).toHaveCount(5);
  await expect(page.getByTestId('comparison-grade')).toContainText(`Each window in ${lead} only`);
  const requests = soldRequests(apiCalls.metered()).map((request) => new URL(request.url()).searchParams);
  expect(requests.map((params) => params.get('days')).sort()).toEqual(['180', '30', '365', '7', '90']);
  expect(new Set(requests.map((params) => params.get('grade')))).toEqual(new Set([lead]));
  for (const days of [7, 30, 90, 180, 365]) {
    const { status, body } = await api<Envelope<SoldData>>(
      `/v1/sold?q=${CARD}&grade=${encodeURIComponent(lead)}&days=${days}`,
    );
    const row = page.locator(`[data-testid="window-row"][data-days="${days}"]`);
    if (status === 404) {
      await expect(row.getByTestId('window-sales')).toHaveText('0');
      continue;
    }
    await expect(row.getByTestId('window-median')).toHaveText(usd(body.data.median));
    await expect(row.getByTestId('window-sales')).toHaveText(integer(body.data.sales));
  }
});

test('a second comparison of the same card costs nothing', async ({ page, apiCalls }) => {
  await page.goto(`/sold?q=${CARD}&days=90`);
  await expect(page.getByTestId('sold-median')).toBeVisible();
  await page.getByRole('button', { name: /Compare the windows/ }).click();
  await expect(page.getByTestId('window-row')).toHaveCount(5);

  await page.getByRole('textbox', { name: 'Window (days)' }).fill('180');
  await page.getByRole('button', { name: 'Show sold comps' }).click();
  await expect(page).toHaveURL(`/sold?q=${CARD}&days=180`);
  await expect(page.getByTestId('sold-window')).toHaveText('180 days');
  await expect(page.getByTestId('comparison-cost')).toHaveText('no API call: every window is already cached');
  await page.goBack();
  await expect(page.getByRole('textbox', { name: 'Window (days)' })).toHaveValue('90');
  await page.goForward();
  await expect(page.getByRole('textbox', { name: 'Window (days)' })).toHaveValue('180');
  apiCalls.reset();
  await page.getByRole('button', { name: /Compare the windows/ }).click();
  await expect(page.getByTestId('window-row')).toHaveCount(5);
  expect(soldRequests(apiCalls.all()).map((request) => request.url())).toEqual([]);
});

test('links to the value lookup of the same card and grade', async ({ page }) => {
  await page.goto(`/sold?q=${CARD}&grade=PSA+10`);
  await page.getByRole('link', { name: /Value of this card/ }).click();
  await expect(page).toHaveURL(`/value?q=${CARD}&grade=PSA+10`);
  await expect(page.getByRole('heading', { level: 1, name: 'Card value' })).toBeVisible();
});

test('after a look at the value, the sold page links to the index charts of the matched labels, at no cost', async ({
  page,
  api,
  apiCalls,
}) => {
  const { body } = await api<Envelope<{ matched_cards?: { category: string; label: string }[] }>>(
    `/v3/value?q=${CARD}`,
  );
  const first = body.data.matched_cards?.[0];
  if (!first) throw new Error('the seeded store matched no card');
  await page.goto(`/value?q=${CARD}`);
  await page.getByTestId('all-matching-sales').getByText('All matching sales:').click();
  await page.getByRole('link', { name: /Sold comps of these cards/ }).click();
  await expect(page.getByTestId('sold-median')).toBeVisible();
  const link = page
    .getByRole('paragraph')
    .filter({ hasText: 'Index charts:' })
    .getByRole('link', { name: first.label, exact: true });
  await expect(link).toHaveAttribute(
    'href',
    `/index?${new URLSearchParams({ category: first.category, label: first.label })}`,
  );
  expect(
    apiCalls.metered().filter((request) => new URL(request.url()).pathname === '/v3/value'),
  ).toHaveLength(1);
});

test('axe finds no serious or critical violation on the sold page with results', async ({
  page,
  checkA11y,
}) => {
  await page.goto(`/sold?q=${CARD}&grade=psa11`);
  await expect(page.getByTestId('hint-grade')).toBeVisible();
  await checkA11y(page, '/sold with a refused grade');
  await page.goto(`/sold?q=${CARD}`);
  await expect(page.getByTestId('sold-median')).toBeVisible();
  await page.getByRole('button', { name: /Compare the windows/ }).click();
  await expect(page.getByTestId('window-row')).toHaveCount(5);
  await checkA11y(page, '/sold with results and the window comparison');
  // Narrow and dark: the tables scroll sideways and the colours change.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await checkA11y(page, '/sold at 360 px in the dark theme');
});
