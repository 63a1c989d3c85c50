import { readFileSync } from 'node:fs';
import { exactTitleQuery } from '../src/contract/card-query';
import type {
  CardsData,
  EnrichedValueData,
  Envelope,
  HistoryData,
  ValueData,
} from '../src/contract/resources';
import { expect, test } from './fixtures';
import { usd, yearEndingOn } from './support/expected-text';

type Box = { x: number; y: number; width: number; height: number };

/** The card page (`/card`) and the card lists that lead to it, against the real server on the seeded store. */

/** Points with a sign and one decimal, as the score sheet writes them: `+12.3`, `-4.0`, `0.0`. */
const signedPoints = (points: number): string => {
  const rounded = Math.round(points * 10) / 10;
  return rounded === 0 ? '0.0' : `${rounded > 0 ? '+' : '-'}${Math.abs(rounded).toFixed(1)}`;
};

test.beforeEach(async ({ page, apiKey, useKey }) => {
  await useKey(page, apiKey);
});

test('search, pick a card, switch grade, read the history chart against the API', async ({ page, api }) => {
  // 1. A word query first lists the cards it matches, the one the market spends most on first (/v1/cards).
  const cards = (await api<Envelope<CardsData>>('/v1/cards?q=charizard')).body.data;
  expect(cards.total).toBeGreaterThan(1);
  await page.goto('/value?q=charizard');
  await expect(page.getByTestId('card-picker-summary')).toContainText(`matches ${cards.total} cards`);
  await expect(page.getByTestId('card-pick')).toHaveCount(cards.cards.length);
  await expect(page.getByTestId('card-pick').first()).toContainText(cards.cards[0]?.title ?? '');
  // The most traded of them: a year of weekly prices to read.
  const card = cards.cards.toSorted((a, b) => b.sales_365d - a.sales_365d)[0] as CardsData['cards'][number];

  // 2. Pick it: the card page, its ladder whole.
  await page
    .getByTestId('card-pick')
    .filter({ hasText: card.title })
    .getByRole('link', { name: card.title, exact: true })
    .click();
  await expect(page).toHaveURL(`/card?${new URLSearchParams({ title: card.title })}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(card.title);
  const q = encodeURIComponent(exactTitleQuery(card.title));
  const plain = (await api<Envelope<ValueData>>(`/v1/value?q=${q}`)).body.data;
  await expect(page.getByTestId('card-ladder').locator('tbody tr')).toHaveCount(plain.by_grade.length);
  // Each rung's value is its estimate of the next sale, or says it has too few sales for one.
  await expect(page.getByTestId('rung-value')).toHaveText(
    plain.by_grade.map((rung) =>
      rung.next_sale ? usd(rung.next_sale.estimate) : 'too few sales for an estimate',
    ),
  );

  // 3. Switch to the most traded grade: the headline is that grade's answer, equal to its rung; the ladder stays whole.
  const rung = [...plain.by_grade].sort(
    (a, b) => b.sample_size - a.sample_size,
  )[0] as ValueData['by_grade'][number];
  await page.getByTestId('card-ladder').getByRole('link', { name: rung.grade, exact: true }).click();
  await expect(page).toHaveURL(`/card?${new URLSearchParams({ title: card.title, grade: rung.grade })}`);
  const graded = (
    await api<Envelope<EnrichedValueData>>(`/v3/value?q=${q}&grade=${encodeURIComponent(rung.grade)}`)
  ).body.data;
  expect(graded.value).toBe(rung.value);
  expect(graded.next_sale).toEqual(rung.next_sale);
  if (graded.next_sale) {
    await expect(page.getByTestId('value-value')).toHaveText(usd(graded.next_sale.estimate));
    await expect(page.getByTestId('next-sale-range')).toContainText(
      `Likely next sale: ${graded.next_sale.level} % of the time between ${usd(graded.next_sale.low)} and ${usd(graded.next_sale.high)}`,
    );
  } else await expect(page.getByTestId('next-sale-none')).toBeVisible();
  await expect(page.getByTestId('value-median')).toHaveText(usd(graded.value));
  await expect(page.getByTestId('value-confidence')).toHaveText(String(graded.confidence));
  // The buy score as the value page draws it: the gauge and what made the score.
  await expect(
    page.getByRole('img', { name: `Buy score: ${graded.buy_score} out of 100, ${graded.verdict}` }),
  ).toBeVisible();
  await expect(page.getByTestId('buy-score')).toHaveText(String(graded.buy_score));
  await expect(page.getByTestId('verdict')).toHaveText(graded.verdict);
  await expect(page.getByTestId('contribution')).toHaveCount(4);
  await expect(
    page.locator('[data-testid="contribution"][data-input="liquidity"]').getByTestId('contribution-points'),
  ).toHaveText(signedPoints((graded.liquidity - 50) / 5));
  await expect(page.getByTestId('last-sale-grade')).toHaveText(graded.last_sale_comps!.grade);
  await expect(page.getByTestId('card-ladder').locator('tbody tr')).toHaveCount(plain.by_grade.length);

  // 4. The history of that grade, a year of weeks to the as-of date, read period by period on hover.
  const { from, to } = yearEndingOn(plain.as_of.slice(0, 10));
  const history = (
    await api<Envelope<HistoryData>>(
      `/v1/history?q=${q}&grade=${encodeURIComponent(rung.grade)}&interval=week&from=${from}&to=${to}`,
    )
  ).body.data;
  const periods = [...new Set(history.series.map((point) => point.period_start))];
  expect(periods.length).toBeGreaterThan(1);
  const plot = page.getByRole('slider', { name: /Read the history/ });
  await expect(plot).toHaveAttribute('data-periods', String(periods.length));
  await plot.scrollIntoViewIfNeeded();
  const box = await plot.boundingBox();
  const left = Number(await plot.getAttribute('data-plot-left'));
  const step = Number(await plot.getAttribute('data-step'));
  if (box === null) throw new Error('the chart is not laid out');
  for (const index of [0, Math.floor(periods.length / 2), periods.length - 1]) {
    const period = periods[index] as string;
    await page.mouse.move(box.x + left + index * step, box.y + 40);
    await expect(page.getByTestId('history-readout-period')).toHaveText(period);
    const point = history.series.find((p) => p.period_start === period && p.grade === rung.grade);
    await expect(page.getByTestId('history-readout-median')).toHaveText(usd(point?.median ?? Number.NaN));
  }

  // Months and the log scale sit in the URL.
  await page.getByRole('radio', { name: 'Months' }).check();
  await page.getByRole('checkbox', { name: 'Log scale' }).check();
  await expect(page).toHaveURL(/interval=month/);
  await expect(page).toHaveURL(/scale=log/);
});

test('a mover leads to its label: its index chart and its cards, filtered by category and label', async ({
  page,
  api,
}) => {
  await page.goto('/movers');
  const first = page.getByTestId('mover-row').first();
  const label = (await first.getAttribute('data-label')) ?? '';
  const category = ((await first.locator('td').nth(5).textContent()) ?? '').trim();
  await expect(first.getByRole('link', { name: label, exact: true })).toHaveAttribute(
    'href',
    `/index?${new URLSearchParams({ category, label })}`,
  );
  await first.getByRole('link', { name: `Cards of ${label}` }).click();
  await expect(page).toHaveURL(`/card?${new URLSearchParams({ q: label, category, label })}`);
  const answer = await api<Envelope<CardsData>>(
    `/v1/cards?${new URLSearchParams({ q: label, category, label })}`,
  );
  expect(answer.status).toBe(200);
  const picks = page.getByTestId('card-pick');
  await expect(picks).toHaveCount(answer.body.data.cards.length);
  for (const text of await picks.allTextContents()) expect(text).toContain(`${category} · ${label}`);
});

test('the card page fits a 390 px viewport', async ({ page, api, checkA11y }) => {
  const cards = (await api<Envelope<CardsData>>('/v1/cards?q=charizard')).body.data;
  const title = (cards.cards[0] as CardsData['cards'][number]).title;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/card?${new URLSearchParams({ title })}`);
  await expect(page.getByRole('slider', { name: /Read the history/ })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await checkA11y(page, 'the card page at 390 px');
});

test('the headline value never runs into the stat beside or under it', async ({ page, api }) => {
  const cards = (await api<Envelope<CardsData>>('/v1/cards?q=charizard')).body.data;
  const title = (cards.cards[0] as CardsData['cards'][number]).title;
  const plain = (await api<Envelope<ValueData>>(`/v1/value?q=${encodeURIComponent(exactTitleQuery(title))}`))
    .body.data;
  // The dearest grade: the widest figure the headline draws.
  const rung = plain.by_grade
    .filter((row) => row.next_sale)
    .sort((a, b) => (b.next_sale?.estimate ?? 0) - (a.next_sale?.estimate ?? 0))[0];
  expect(rung?.next_sale?.estimate).toBeGreaterThan(10_000);
  const apart = (a: Box, b: Box) =>
    a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
  for (const width of [1280, 412, 390, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/card?${new URLSearchParams({ title, grade: rung?.grade ?? '' })}`);
    const value = await page.getByTestId('value-value').boundingBox();
    const next = await page.getByTestId('next-sale-range').boundingBox();
    const ladder = await page.getByTestId('card-ladder').boundingBox();
    expect(value && next && ladder, `boxes at ${width} px`).toBeTruthy();
    if (!value || !next || !ladder) continue;
    expect(apart(value, next), `value and the next stat apart at ${width} px`).toBe(true);
    expect(apart(value, ladder), `value and the ladder apart at ${width} px`).toBe(true);
    // The value sits inside its own column.
    expect(value.x + value.width, `value inside its column at ${width} px`).toBeLessThanOrEqual(
      width === 1280 ? ladder.x : width,
    );
  }
});

test('the history CSV is named by card, grade and range, and holds the API series', async ({ page, api }) => {
  const card = (await api<Envelope<CardsData>>('/v1/cards?q=charizard')).body.data
    .cards[0] as CardsData['cards'][number];
  const grade = card.grades[0] as string;
  const q = encodeURIComponent(exactTitleQuery(card.title));
  const asOf = (await api<Envelope<ValueData>>(`/v1/value?q=${q}`)).body.data.as_of.slice(0, 10);
  const { from, to } = yearEndingOn(asOf);
  const history = (
    await api<Envelope<HistoryData>>(
      `/v1/history?q=${q}&grade=${encodeURIComponent(grade)}&interval=week&from=${from}&to=${to}`,
    )
  ).body.data;
  await page.goto(`/card?${new URLSearchParams({ title: card.title, grade })}`);
  await expect(page.getByRole('slider', { name: /Read the history/ })).toBeVisible();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const slug = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9._]+/g, '-')
      .replace(/^-+|-+$/g, '');
  expect(file.suggestedFilename()).toBe(
    `history-${slug(card.title).slice(0, 60).replace(/-+$/, '')}-${slug(grade)}-${history.from}-to-${history.to}.csv`,
  );
  const lines = readFileSync((await file.path()) ?? '', 'utf8').split('\r\n');
  expect(lines[0]).toBe('card,period_start,grade,median,low,high,min,max,sales');
  expect(lines).toHaveLength(history.series.length + 2);
  const first = history.series[0] as HistoryData['series'][number];
  expect(lines[1]).toBe(
    [
      card.title,
      first.period_start,
      first.grade,
      first.median,
      first.low,
      first.high,
      first.min,
      first.max,
      first.sales,
    ]
      .map((cell) => (/[",]/.test(String(cell)) ? `"${String(cell).replaceAll('"', '""')}"` : String(cell)))
      .join(','),
  );
});
