import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { exactTitleQuery } from '../src/contract/card-query';
import type { CardsData, Envelope, HistoryData, ValueData } from '../src/contract/resources';
import { type ApiAnswer, expect, test } from './fixtures';
import { usd } from './support/expected-text';

/** My collection (`/collection`), against the real server on the seeded store. */
type Api = <T = unknown>(path: string) => Promise<ApiAnswer<T>>;
type Card = CardsData['cards'][number];

test.beforeEach(async ({ page, apiKey, useKey }) => {
  await useKey(page, apiKey);
});

/** A card traded in at least two grades, and another card traded in at least one. */
async function twoCards(api: Api): Promise<[Card, Card]> {
  const cards = (await api<Envelope<CardsData>>('/v1/cards?q=charizard&limit=100')).body.data.cards;
  const multi = cards.find((card) => card.grades.length >= 2);
  const other = cards.find((card) => card !== multi && card.grades.length >= 1);
  if (!multi || !other) throw new Error('the seeded market has no two charizard cards with grades');
  return [multi, other];
}

const apiValue = async (api: Api, title: string, grade: string) =>
  (await api<Envelope<ValueData>>(`/v1/value?${new URLSearchParams({ q: exactTitleQuery(title), grade })}`))
    .body.data;

const cents = (value: number) => Math.round(value * 100) / 100;

/** What a copy is worth (decisions.md, "Collections"): its estimate of the next sale, else its window median. */
const worthOf = (value: ValueData): number => value.next_sale?.estimate ?? value.value;

async function importCsv(page: Page, text: string) {
  await page.getByLabel('Import a CSV file').setInputFiles({
    name: 'collection.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(text, 'utf8'),
  });
}

async function exportCsv(page: Page): Promise<string> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('region', { name: 'Import and export' })
      .getByRole('button', { name: 'Download CSV' })
      .click(),
  ]);
  return readFileSync((await file.path()) ?? '', 'utf8');
}

test('add three cards (two grades of one), reload, the same totals: the sum of the API values', async ({
  page,
  api,
}) => {
  const [multi, other] = await twoCards(api);
  const [gradeA, gradeB] = multi.grades as [string, string];
  const otherGrade = other.grades[0] as string;
  await page.goto('/collection');
  await expect(page.getByTestId('collection-privacy')).toContainText('never sent to the server');
  await expect(page.getByTestId('collection-empty')).toBeVisible();

  // 1 and 2: one card in two grades, from the search (its exact title).
  const addFromSearch = async (grade: string, quantity: string, cost: string) => {
    await page.getByLabel('Card title words').fill(multi.title);
    await page.getByRole('button', { name: 'Find cards' }).click();
    await page
      .getByRole('list', { name: 'Cards to add' })
      .getByRole('button', { name: multi.title, exact: true })
      .click();
    await expect(page.getByTestId('collection-picked')).toHaveText(multi.title);
    // The grade is chosen from the canonical grades (those the card traded in first), never typed.
    await expect(
      page.getByRole('combobox', { name: 'Grade' }).locator('option[value="BGS 9.5"]').first(),
    ).toBeAttached();
    await page.getByLabel('Grade').selectOption(grade);
    await page.getByLabel('Quantity').fill(quantity);
    await page.getByLabel('Paid per copy (USD, optional)').fill(cost);
    await page.getByRole('button', { name: 'Add to my collection' }).click();
    await expect(page.getByTestId('collection-added')).toContainText(`${multi.title}, ${grade}`);
  };
  await addFromSearch(gradeA, '2', '10.25');
  await addFromSearch(gradeB, '1', '');

  // 3: another card in one click from its card page.
  await page.goto(`/card?${new URLSearchParams({ title: other.title, grade: otherGrade })}`);
  await page.getByRole('button', { name: `Add to my collection (${otherGrade})` }).click();
  await expect(page.getByRole('link', { name: 'my collection', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'my collection', exact: true }).click();

  const lines = [
    { title: multi.title, grade: gradeA, quantity: 2 },
    { title: multi.title, grade: gradeB, quantity: 1 },
    { title: other.title, grade: otherGrade, quantity: 1 },
  ];
  const values = await Promise.all(lines.map((line) => apiValue(api, line.title, line.grade)));
  let total = 0;
  let low = 0;
  let high = 0;
  const leftOut: string[] = [];
  values.forEach((value, i) => {
    const line = lines[i] as (typeof lines)[number];
    total = cents(total + cents(worthOf(value) * line.quantity));
    // The total's range sums the lines' 80 % ranges; a line without an estimate is left out, named.
    if (value.next_sale) {
      low = cents(low + cents(value.next_sale.low * line.quantity));
      high = cents(high + cents(value.next_sale.high * line.quantity));
    } else leftOut.push(`${line.title} (${line.grade})`);
  });
  expect(
    values.some((value) => value.next_sale),
    'the seeded store estimates at least one line',
  ).toBe(true);
  const gain = cents(cents(worthOf(values[0] as ValueData) * 2) - 20.5);

  const expectTotals = async () => {
    await expect(page.getByTestId('collection-line')).toHaveCount(3);
    await expect(page.getByTestId('line-value')).toHaveText(
      values.map((value, i) => usd(cents(worthOf(value) * (lines[i] as (typeof lines)[number]).quantity))),
    );
    await expect(page.getByTestId('collection-total')).toHaveText(usd(total));
    await expect(page.getByTestId('collection-range')).toHaveText(`${usd(low)}-${usd(high)}`);
    const note = page.getByTestId('collection-worth-note');
    if (leftOut.length > 0) await expect(note).toContainText(`left out of the range: ${leftOut.join(', ')}.`);
    else await expect(note).not.toContainText('left out of the range');
    await expect(page.getByTestId('collection-cost')).toHaveText(usd(20.5));
    await expect(page.getByTestId('collection-gain')).toContainText(usd(gain));
  };
  await expectTotals();
  await page.reload();
  await expectTotals();

  // The refresh is priced first: three questions, one per card and grade. An answer shown from the
  // persisted cache has no tag kept and is asked plainly (a call); one fetched in this page life goes
  // with its tag and, unchanged, comes back 304 for nothing. The likely cost is what it spends.
  await expect(page.getByTestId('refresh-cost')).toContainText('asks 3 questions');
  const likely = Number(await page.getByTestId('refresh-likely').textContent());
  await page.getByRole('button', { name: 'Refresh values' }).click();
  await expect(page.getByTestId('refresh-spent')).toHaveText(
    `The last refresh asked 3 and spent ${likely} ${likely === 1 ? 'call' : 'calls'}.`,
  );
  await expect(page.getByTestId('refresh-likely')).toHaveText('0');
  await page.getByRole('button', { name: 'Refresh values' }).click();
  await expect(page.getByTestId('refresh-spent')).toHaveText('The last refresh asked 3 and spent 0 calls.');
  await expectTotals();

  // Edit in place, then remove.
  const second = page.getByTestId('collection-line').nth(1);
  await second.getByRole('button', { name: /^Edit/ }).click();
  await second.getByLabel('Quantity').fill('3');
  await second.getByRole('button', { name: 'Save' }).click();
  const withThree = cents(total + cents(worthOf(values[1] as ValueData) * 2));
  await expect(page.getByTestId('collection-total')).toHaveText(usd(withThree));
  await page
    .getByTestId('collection-line')
    .nth(1)
    .getByRole('button', { name: /^Remove/ })
    .click();
  await expect(page.getByTestId('collection-line')).toHaveCount(2);
  await expect(page.getByTestId('collection-total')).toHaveText(
    usd(cents(total - cents(worthOf(values[1] as ValueData)))),
  );
});

test('an import with bad rows (an unknown card, an unknown grade) imports nothing and names each row', async ({
  page,
  api,
}) => {
  const [multi, other] = await twoCards(api);
  const typo = other.title.replace(/charizard/i, 'Charzard');
  const text = [
    'title,grade,quantity,cost,acquired,note',
    `${multi.title},${multi.grades[0]},1,,,`,
    `${typo},${other.grades[0]},1,,,`,
    `${multi.title},PSA 11,1,,,`,
  ].join('\n');
  await page.goto('/collection');
  await importCsv(page, `${text}\n`);
  const problems = page.getByTestId('import-problem');
  await expect(problems).toHaveCount(2);
  await expect(problems.nth(0)).toContainText(`Line 3 (${typo}): unknown card`);
  await expect(problems.nth(1)).toContainText('Line 4');
  await expect(problems.nth(1)).toContainText('unknown grade "PSA 11"');
  await expect(page.getByTestId('import-problems')).toContainText('Nothing was imported');
  await expect(page.getByTestId('collection-empty')).toBeVisible();

  // Only the rows the user confirms.
  await page.getByRole('button', { name: 'Import only the 1 good row' }).click();
  await expect(page.getByTestId('import-done')).toHaveText('Imported 1 row.');
  await expect(page.getByTestId('collection-line')).toHaveCount(1);
});

test('export, then import, round-trips byte for byte; notes that start a formula are guarded', async ({
  page,
  api,
}) => {
  const [multi, other] = await twoCards(api);
  const text = [
    'title,grade,quantity,cost,acquired,note',
    `${multi.title},${multi.grades[0]},2,120.5,2026-03-01,"from a show, ""mint"""`,
    `${multi.title},${multi.grades[1]},1,,,'=SUM(A1)`,
    `${other.title},${other.grades[0]},3,15,,"'@home\n+1 -2"`,
    '',
  ].join('\r\n');
  await page.goto('/collection');
  await importCsv(page, text);
  await expect(page.getByTestId('import-done')).toHaveText('Imported 3 rows.');
  await expect(page.getByTestId('collection-line')).toHaveCount(3);
  // The page shows the note as typed: the guard is the file's, not the note's.
  await expect(page.getByTestId('collection-line').filter({ hasText: '=SUM(A1)' })).toHaveCount(1);
  await expect(page.getByText("'=SUM(A1)")).toHaveCount(0);
  const exported = await exportCsv(page);
  expect(exported).toBe(text);

  await page.getByLabel('Replace my collection with the file (else its rows are added)').check();
  await importCsv(page, exported);
  await expect(page.getByTestId('import-done')).toHaveText('Imported 3 rows.');
  await expect(page.getByTestId('collection-line')).toHaveCount(3);
  expect(await exportCsv(page)).toBe(exported);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the collection fits 390 px and axe finds nothing serious (${scheme})`, async ({
    page,
    api,
    checkA11y,
  }) => {
    const [multi, other] = await twoCards(api);
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/collection');
    await importCsv(
      page,
      `title,grade,quantity,cost,acquired,note\n${multi.title},${multi.grades[0]},2,99,2026-01-05,a note\n${other.title},${other.grades[0]},1,,,\n`,
    );
    await expect(page.getByTestId('collection-line')).toHaveCount(2);
    await expect(page.getByTestId('collection-total')).not.toHaveText(usd(0));
    await page.getByRole('button', { name: 'Show how it moved' }).click();
    await expect(page.getByTestId('index-chart')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await checkA11y(page, `the collection at 390 px (${scheme})`);
  });
}

/** The cells of one CSV row (RFC 4180: a quoted cell may hold commas and doubled quotes). */
const csvCells = (row: string): string[] =>
  [...row.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, cell = '']) =>
    cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell,
  );

test('how it moved: every card in every week, its sold weeks at their median, ending on the headline total', async ({
  page,
  api,
}) => {
  const [multi, other] = await twoCards(api);
  const lines = [
    { title: multi.title, grade: multi.grades[0] as string, quantity: 2 },
    { title: other.title, grade: other.grades[0] as string, quantity: 1 },
  ];
  const values = await Promise.all(lines.map((line) => apiValue(api, line.title, line.grade)));
  const total = values.reduce(
    (sum, value, i) => cents(sum + cents(worthOf(value) * (lines[i]?.quantity ?? 0))),
    0,
  );
  const asOf = values[0]?.as_of.slice(0, 10) ?? '';
  const from = new Date(Date.parse(`${asOf}T00:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10);
  const sold = await Promise.all(
    lines.map(async (line) => {
      const history = (
        await api<Envelope<HistoryData>>(
          `/v1/history?${new URLSearchParams({ q: exactTitleQuery(line.title), interval: 'week', from, to: asOf })}`,
        )
      ).body.data;
      return new Map(
        history.series
          .filter((point) => point.grade === line.grade)
          .map((point) => [point.period_start, point.median]),
      );
    }),
  );

  await page.goto('/collection');
  await importCsv(
    page,
    `title,grade,quantity,cost,acquired,note\n${lines.map((l) => `${l.title},${l.grade},${l.quantity},,,`).join('\n')}\n`,
  );
  await expect(page.getByTestId('collection-line')).toHaveCount(2);
  await expect(page.getByTestId('collection-total')).toHaveText(usd(total));
  await expect(page.getByTestId('history-cost')).toContainText('up to 6 calls');
  await page.getByRole('button', { name: 'Show how it moved' }).click();
  await expect(page.getByTestId('index-chart')).toBeVisible();
  const csv = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('region', { name: 'How it moved' }).getByRole('button', { name: 'Download CSV' }).click(),
  ]).then(async ([file]) => readFileSync((await file.path()) ?? '', 'utf8'));
  const [header, ...rows] = csv.trim().split('\r\n').map(csvCells);
  expect(header).toEqual(['date', 'value', ...lines.map((l) => `${l.title} (${l.grade}) x ${l.quantity}`)]);
  const table = rows.map(([date = '', value = '', ...cells]) => ({
    date,
    value: Number(value),
    cells: cells.map(Number),
  }));
  expect(table.length).toBeGreaterThanOrEqual(52);
  // Every card has a value in every week, and the week is their sum.
  for (const row of table) {
    expect(row.cells.every((cell) => cell > 0)).toBe(true);
    expect(row.value).toBe(row.cells.reduce((sum, cell) => cents(sum + cell), 0));
  }
  // A week a card sold in is its median there (the last week aside: the headline's worth).
  lines.forEach((line, k) => {
    for (const row of table.slice(0, -1)) {
      const median = sold[k]?.get(row.date);
      if (median !== undefined) expect(row.cells[k]).toBe(cents(median * line.quantity));
    }
  });
  // The last point is the headline total; no week moves by more than one card's own largest move that week.
  expect(table.at(-1)?.value).toBe(total);
  const change = (now: number, before: number) => Math.abs(now / before - 1);
  for (let i = 1; i < table.length; i += 1) {
    const [now, before] = [table[i], table[i - 1]] as [(typeof table)[number], (typeof table)[number]];
    const largest = Math.max(...now.cells.map((cell, k) => change(cell, before.cells[k] ?? 0)));
    expect(change(now.value, before.value)).toBeLessThanOrEqual(largest + 1e-9);
  }
  await page.getByRole('checkbox', { name: 'Log scale' }).check();
  await page.getByRole('radio', { name: '3M' }).check();
  await expect(page.getByTestId('index-chart')).toBeVisible();
});

test('500 rows import with a progress bar, and export the same 500 rows', async ({ page, api }) => {
  const cards = (await api<Envelope<CardsData>>('/v1/cards?q=charizard&limit=100')).body.data.cards;
  const pairs = cards.flatMap((card) => card.grades.map((grade) => `${card.title},${grade}`));
  expect(pairs.length).toBeGreaterThan(1);
  const rows = Array.from(
    { length: 500 },
    (_, i) => `${pairs[i % pairs.length]},${1 + (i % 3)},${i + 1},,row ${i + 1}`,
  );
  const text = `title,grade,quantity,cost,acquired,note\r\n${rows.join('\r\n')}\r\n`;
  // Each value answer a little late, so that the progress is seen as it moves.
  await page.route('**/v1/value?**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 40));
    await route.continue();
  });
  await page.goto('/collection');
  await importCsv(page, text);
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByTestId('import-done')).toHaveText('Imported 500 rows.', { timeout: 30_000 });
  await expect(page.getByTestId('collection-line')).toHaveCount(500);
  expect(await exportCsv(page)).toBe(text);
});

test('a card in a grade with no sale in 365 days says so and adds nothing to the total', async ({
  page,
  api,
}) => {
  const [multi] = await twoCards(api);
  const unsold = ['TAG 1', 'SGC 1', 'CGC 1', 'BGS 1'].find(
    (grade) => !multi.grades.includes(grade),
  ) as string;
  const answer = await api(
    `/v1/value?${new URLSearchParams({ q: exactTitleQuery(multi.title), grade: unsold })}`,
  );
  expect(answer.status).toBe(404);
  const sold = await apiValue(api, multi.title, multi.grades[0] as string);
  await page.goto('/collection');
  await importCsv(
    page,
    `title,grade,quantity,cost,acquired,note\n${multi.title},${unsold},1,,,\n${multi.title},${multi.grades[0]},1,,,\n`,
  );
  await expect(page.getByTestId('import-done')).toHaveText('Imported 2 rows.');
  await expect(page.getByTestId('line-no-sales')).toContainText(
    `No sale of this card in ${unsold} in the last 365 days`,
  );
  await expect(page.getByTestId('collection-total')).toHaveText(usd(worthOf(sold)));
  await expect(page.getByTestId('collection-copies')).toHaveText('1 of 2');
});
