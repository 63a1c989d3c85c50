import type { Page } from '@playwright/test';
import { buyScoreBreakdown, discountFromComps, verdictFor } from '../src/contract/buy-score';
import { exactTitleQuery, normalizeTitle, suggestedQueryOf } from '../src/contract/card-query';
import type { ErrorBody } from '../src/contract/errors';
import { compareGrades } from '../src/contract/grades';
import type { EnrichedValueData, Envelope, GradeValue, ValueData } from '../src/contract/resources';
import { discountComparison, discountReading, formatPoints } from '../src/web/features/value/score-breakdown';
import { enrichedValueNote, plainValueNote } from '../src/web/features/value/value-notes';
import { formatDate, formatInteger, formatPercent, formatUsd } from '../src/web/lib/format';
import { expect, test } from './fixtures';

/** The card value lookup (`/value`) against the real server on the seeded small store. */
const CARD = 'charizard';

test.beforeEach(async ({ page, apiKey, useKey }) => {
  await useKey(page, apiKey);
});

const valueRequests = (requests: { url: () => string }[]) =>
  requests.filter((request) => /^\/v[13]\/value$/.test(new URL(request.url()).pathname));

/** The headline and every row of the ladder (table and range chart), as the page shows them. */
async function expectValueNumbers(page: Page, data: ValueData | EnrichedValueData) {
  await expect(page.getByTestId('value-value')).toHaveText(formatUsd(data.value));
  await expect(page.getByTestId('value-low')).toHaveText(formatUsd(data.low));
  await expect(page.getByTestId('value-high')).toHaveText(formatUsd(data.high));
  await expect(page.getByTestId('value-min')).toHaveText(formatUsd(data.min));
  await expect(page.getByTestId('value-max')).toHaveText(formatUsd(data.max));
  await expect(page.getByTestId('value-avg')).toHaveText(formatUsd(data.avg));
  await expect(page.getByTestId('value-sample-size')).toHaveText(formatInteger(data.sample_size));
  await expect(page.getByTestId('value-confidence')).toHaveText(String(data.confidence));

  const ordered = [...data.by_grade].sort((a, b) => compareGrades(a.grade, b.grade));
  const column = (pick: (row: GradeValue) => string) => ordered.map(pick);
  await expect(page.getByTestId('ladder-row')).toHaveCount(ordered.length);
  const grades = await page
    .getByTestId('ladder-row')
    .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.grade));
  expect(grades).toEqual(column((row) => row.grade));
  await expect(page.getByTestId('ladder-value')).toHaveText(column((row) => formatUsd(row.value)));
  await expect(page.getByTestId('ladder-low')).toHaveText(column((row) => formatUsd(row.low)));
  await expect(page.getByTestId('ladder-high')).toHaveText(column((row) => formatUsd(row.high)));
  await expect(page.getByTestId('ladder-min')).toHaveText(column((row) => formatUsd(row.min)));
  await expect(page.getByTestId('ladder-max')).toHaveText(column((row) => formatUsd(row.max)));
  await expect(page.getByTestId('ladder-sample-size')).toHaveText(
    column((row) => formatInteger(row.sample_size)),
  );
  // The range chart draws one bar per grade, in the same natural order.
  await expect(page.locator('.ladder-chart__grade')).toHaveText(column((row) => row.grade));
}

/**
 * "What made the score": the discount is the like-for-like one (decisions.md, "Discount"): the last
 * sale against the median of its own card and grade's other sales, 0 with fewer than 3 of them.
 */
async function expectScoreExplained(page: Page, data: EnrichedValueData) {
  const comps = data.last_sale_comps;
  if (!comps) throw new Error('this server sends last_sale_comps with every /v3/value answer');
  await expect(page.getByTestId('contribution')).toHaveCount(4);
  const discount = page.locator('[data-testid="contribution"][data-input="discount"]');
  await expect(discount.getByTestId('contribution-reading')).toHaveText(
    `(${discountReading(discountComparison(data))})`,
  );
  const points = buyScoreBreakdown({
    discountPct: discountFromComps(data.last_sale, comps),
    trendPct: data.trend_30d,
    liquidity: data.liquidity,
    confidence: data.confidence,
  }).contributions.discount;
  await expect(discount.getByTestId('contribution-points')).toHaveText(formatPoints(points));
  await expect(page.getByTestId('last-sale-card')).toHaveText(comps.title);
  await expect(page.getByTestId('last-sale-grade')).toHaveText(comps.grade);
}

test('the enriched answer: headline, ladder, gauge, signals and matched cards equal GET /v3/value', async ({
  page,
  api,
}) => {
  const { status, body } = await api<Envelope<EnrichedValueData>>(`/v3/value?q=${CARD}`);
  expect(status).toBe(200);
  const data = body.data;
  await page.goto(`/value?q=${CARD}`);
  await expectValueNumbers(page, data);
  expect([90, 365]).toContain(data.window_days);
  await expect(page.getByTestId('value-note')).toHaveText(enrichedValueNote(data));
  await expect(page.getByTestId('value-note')).toContainText(`over the last ${data.window_days} days`);

  await expect(
    page.getByRole('img', { name: `Buy score: ${data.buy_score} out of 100, ${data.verdict}` }),
  ).toBeVisible();
  await expect(page.getByTestId('buy-score')).toHaveText(String(data.buy_score));
  await expect(page.getByTestId('verdict')).toHaveText(data.verdict);
  expect(verdictFor(data.buy_score)).toBe(data.verdict);

  await expect(page.getByTestId('signal-liquidity')).toHaveText(String(data.liquidity));
  await expect(page.getByTestId('signal-last-sale')).toHaveText(formatUsd(data.last_sale));
  await expect(page.getByTestId('signal-last-sale-date')).toHaveText(formatDate(data.last_sale_date));
  await expect(page.getByTestId('signal-sales-90d')).toHaveText(formatInteger(data.sales_90d));
  await expect(page.getByTestId('signal-trend-30d')).toHaveText(
    data.trend_30d === null ? 'not enough sales' : formatPercent(data.trend_30d),
  );
  await expect(page.getByTestId('signal-population')).toHaveText('not yet captured');
  await expect(page.getByTestId('signal-watchers')).toHaveText('not yet captured');
  await expectScoreExplained(page, data);

  const matched = data.matched_cards ?? [];
  expect(matched.length).toBeGreaterThan(0);
  await expect(page.getByTestId('matched-card-sales')).toHaveText(
    matched.map((card) => formatInteger(card.sales)),
  );
});

test('the plain answer with a price filter equals GET /v1/value, all of it in the URL', async ({
  page,
  api,
}) => {
  const { body: wide } = await api<Envelope<ValueData>>(`/v1/value?q=${CARD}`);
  const min = Math.floor(wide.data.low);
  const max = Math.ceil(wide.data.high);
  const { status, body } = await api<Envelope<ValueData>>(
    `/v1/value?q=${CARD}&min_price=${min}&max_price=${max}`,
  );
  expect(status).toBe(200);

  await page.goto('/value');
  await page.getByRole('textbox', { name: 'Card' }).fill(CARD);
  await page.getByRole('textbox', { name: 'Lowest price (USD)' }).fill(String(min));
  await page.getByRole('textbox', { name: 'Highest price (USD)' }).fill(String(max));
  await page.getByRole('radio', { name: /Plain/ }).check();
  await page.getByRole('button', { name: 'Look up the value' }).click();

  await expect(page).toHaveURL(`/value?q=${CARD}&min_price=${min}&max_price=${max}&answer=plain`);
  await expectValueNumbers(page, body.data);
  expect(body.data.filter).toEqual({ min_price: min, max_price: max });
  await expect(page.getByTestId('value-note')).toHaveText(plainValueNote(body.data));
  await expect(page.getByTestId('buy-score')).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('radio', { name: /Plain/ })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Lowest price (USD)' })).toHaveValue(String(min));
  await expectValueNumbers(page, body.data);
});

test('the grade input accepts psa10, shows PSA 10 and the answer for PSA 10', async ({ page, api }) => {
  await page.goto(`/value?q=${CARD}`);
  const grade = page.getByRole('textbox', { name: 'Grade' });
  await grade.fill('psa10');
  await grade.blur();
  await expect(grade).toHaveValue('PSA 10');
  await page.getByRole('button', { name: 'Look up the value' }).click();
  await expect(page).toHaveURL(`/value?q=${CARD}&grade=PSA+10`);

  const { body } = await api<Envelope<EnrichedValueData>>(`/v3/value?q=${CARD}&grade=PSA%2010`);
  expect(body.data.grade).toBe('PSA 10');
  await expectValueNumbers(page, body.data);
  await expect(page.getByTestId('buy-score')).toHaveText(String(body.data.buy_score));
  await expect(page.getByTestId('verdict')).toHaveText(body.data.verdict);
  await expectScoreExplained(page, body.data);

  // A hand-written link with psa10 reads the same way, and its field shows PSA 10.
  await page.goto(`/value?q=${CARD}&grade=psa10`);
  await expect(page.getByRole('textbox', { name: 'Grade' })).toHaveValue('PSA 10');
  await expect(page.getByTestId('value-value')).toHaveText(formatUsd(body.data.value));
});

test('a price filter the contract refuses shows its hint and sends no request', async ({
  page,
  apiCalls,
}) => {
  await page.goto(`/value?q=${CARD}&min_price=500&max_price=20`);
  await expect(page.getByTestId('hint-min_price')).toHaveText('min_price must not be above max_price.');
  await expect(page.getByTestId('value-value')).toHaveCount(0);
  expect(valueRequests(apiCalls.all())).toEqual([]);
});

test('a query without a match shows the API hint', async ({ page, api }) => {
  const { status, body } = await api<ErrorBody>('/v3/value?q=zzqx%20nothingcard');
  expect(status).toBe(404);
  await page.goto('/value?q=zzqx+nothingcard');
  await expect(page.getByRole('status').filter({ hasText: 'No match' })).toContainText(body.hint);
});

test('a no_match hint that names a matching query offers it as a link that keeps the grade', async ({
  page,
  api,
}) => {
  const { status, body } = await api<ErrorBody>(`/v3/value?q=${CARD}%20zzqx&grade=PSA%2010`);
  expect(status).toBe(404);
  const suggested = suggestedQueryOf(body.hint);
  if (suggested === null) throw new Error(`the hint names no query: ${body.hint}`);
  await page.goto(`/value?q=${CARD}+zzqx&grade=PSA+10`);
  const panel = page.getByRole('status').filter({ hasText: 'No match' });
  await expect(panel).toContainText(body.hint);
  await panel.getByRole('link', { name: `Try “${suggested}” instead` }).click();
  await expect(page).toHaveURL(`/value?${new URLSearchParams({ q: suggested, grade: 'PSA 10' })}`);
  await expect(page.getByRole('textbox', { name: 'Card' })).toHaveValue(suggested);
  await expect(page.getByTestId('value-value')).toBeVisible();
});

test('"Value of this card only" asks for that one card by its exact title, in the URL and the field', async ({
  page,
  api,
}) => {
  const { body } = await api<Envelope<EnrichedValueData>>(`/v3/value?q=${CARD}`);
  const first = body.data.matched_cards?.[0];
  if (!first) throw new Error('the seeded store matched no card');
  const q = exactTitleQuery(first.title);
  const { status, body: only } = await api<Envelope<EnrichedValueData>>(
    `/v3/value?${new URLSearchParams({ q })}`,
  );
  expect(status).toBe(200);
  const titles = (only.data.matched_cards ?? []).map((card) => normalizeTitle(card.title));
  expect(titles.length).toBeGreaterThan(0);
  expect(new Set(titles)).toEqual(new Set([normalizeTitle(first.title)]));

  await page.goto(`/value?q=${CARD}`);
  await page
    .getByTestId('matched-card')
    .first()
    .getByRole('link', { name: 'Value of this card only' })
    .click();
  await expect(page).toHaveURL(`/value?${new URLSearchParams({ q })}`);
  await expect(page.getByRole('textbox', { name: 'Card' })).toHaveValue(q);
  await expectValueNumbers(page, only.data);
  await expect(page.getByTestId('matched-card')).toHaveCount(titles.length);

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Card' })).toHaveValue(q);
  await expectValueNumbers(page, only.data);
});

test('a matched card links to the index chart of its label; the sold comps link keeps the card', async ({
  page,
  api,
}) => {
  const { body } = await api<Envelope<EnrichedValueData>>(`/v3/value?q=${CARD}`);
  const first = body.data.matched_cards?.[0];
  if (!first) throw new Error('the seeded store matched no card');
  await page.goto(`/value?q=${CARD}`);
  await page
    .getByRole('link', { name: `Index chart of ${first.label}` })
    .first()
    .click();
  await expect(page).toHaveURL(
    `/index?${new URLSearchParams({ category: first.category, label: first.label })}`,
  );

  await page.goto(`/value?q=${CARD}&grade=PSA+10`);
  await page.getByRole('link', { name: /Sold comps of this card/ }).click();
  await expect(page).toHaveURL(`/sold?q=${CARD}&grade=PSA+10`);
});

test('axe finds no serious or critical violation on the value page', async ({ page, checkA11y }) => {
  await page.goto(`/value?q=${CARD}`);
  await expect(page.getByTestId('buy-score')).toBeVisible();
  await checkA11y(page, '/value enriched');
  await page.setViewportSize({ width: 360, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await checkA11y(page, '/value enriched at 360 px in the dark theme');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`/value?q=${CARD}&answer=plain&min_price=abc`);
  await expect(page.getByTestId('hint-min_price')).toBeVisible();
  await checkA11y(page, '/value with a refused price');
  await page.goto(`/value?q=${CARD}&answer=plain`);
  await expect(page.getByTestId('value-value')).toBeVisible();
  await checkA11y(page, '/value plain');
});

test('a q that matches several cards says what the value mixes, and one click narrows it to one card', async ({
  page,
  api,
}) => {
  const { body } = await api<Envelope<EnrichedValueData>>(`/v3/value?q=${CARD}`);
  const selling = (body.data.matched_cards ?? []).filter((card) => card.sales > 0);
  const grades = body.data.by_grade.filter((row) => row.sample_size > 0).length;
  expect(selling.length, 'the seeded store has several charizard cards with sales').toBeGreaterThan(1);
  await page.goto(`/value?q=${CARD}`);
  const mix = page.getByTestId('value-mix');
  const more = selling.length >= 20 && selling.length === body.data.matched_cards?.length ? ' or more' : '';
  await expect(mix).toContainText(
    `This value mixes ${formatInteger(selling.length)}${more} cards and ${formatInteger(grades)} grades.`,
  );
  // Above the headline: a collector reads what the number stands for before the number.
  const mixBox = (await mix.boundingBox())!;
  const valueBox = (await page.getByTestId('value-value').boundingBox())!;
  expect(mixBox.y).toBeLessThan(valueBox.y);

  const [top] = selling;
  await mix.getByRole('link', { name: top!.title, exact: true }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === exactTitleQuery(top!.title));
  await expect(page.getByRole('textbox', { name: 'Card' })).toHaveValue(exactTitleQuery(top!.title));
  const narrowed = (
    await api<Envelope<EnrichedValueData>>(`/v3/value?q=${encodeURIComponent(exactTitleQuery(top!.title))}`)
  ).body.data;
  await expect(page.getByTestId('value-value')).toHaveText(formatUsd(narrowed.value));
  await expect(page.getByTestId('value-mix')).not.toContainText('cards');
});

test('grade words typed into the card field move to the grade field, and shorthand finds titles', async ({
  page,
  apiCalls,
}) => {
  await page.goto('/value');
  await page.getByRole('textbox', { name: 'Card' }).fill('charizard base set psa 10');
  await page.getByRole('button', { name: 'Look up the value' }).click();
  await expect(page).toHaveURL(
    (url) => url.searchParams.get('q') === 'charizard base set' && url.searchParams.get('grade') === 'PSA 10',
  );
  await expect(page.getByRole('textbox', { name: 'Card' })).toHaveValue('charizard base set');
  await expect(page.getByRole('textbox', { name: 'Grade' })).toHaveValue('PSA 10');
  await expect(page.getByTestId('query-changes')).toHaveText('“psa 10” moved to the grade field as PSA 10.');
  await expect(page.getByTestId('value-value')).toBeVisible();
  const sent = valueRequests(apiCalls.metered()).map((request) => new URL(request.url()).searchParams);
  expect(sent.map((params) => [params.get('q'), params.get('grade')])).toEqual([
    ['charizard base set', 'PSA 10'],
  ]);

  // "rookie" is how collectors say it; titles say "RC" (the seeded market has Jordan's 1986 Fleer RC).
  await page.getByRole('textbox', { name: 'Grade' }).fill('');
  await page.getByRole('textbox', { name: 'Card' }).fill('jordan fleer rookie');
  await page.getByRole('button', { name: 'Look up the value' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === 'jordan fleer RC');
  await expect(page.getByTestId('query-changes')).toHaveText(
    '“rookie” searched as “RC”, as titles write it.',
  );
  await expect(page.getByTestId('value-value')).toBeVisible();
});
