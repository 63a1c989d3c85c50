import { exactTitleQuery } from '../src/contract/card-query';
import type {
  CardsData,
  EnrichedValueData,
  Envelope,
  GradingData,
  ValueData,
} from '../src/contract/resources';
import { type ApiAnswer, expect, type test as Test, test } from './fixtures';
import { day, usd } from './support/expected-text';

/** The card page's "Worth grading?" panel against the real server on the seeded store (its synthetic population report). */

type Api = Parameters<Parameters<typeof Test>[2]>[0]['api'];

/** A share 0..1 as the panel writes it: one decimal and a spaced percent sign. */
const percent = (share: number) => `${(Math.round(share * 1000) / 10).toFixed(1)} %`;
const gradingPath = (title: string, extra = '') =>
  `/v1/grading?q=${encodeURIComponent(exactTitleQuery(title))}${extra}`;

/** A charizard card with a raw market and a PSA report, and a grader that has no report of it (when there is one). */
async function pickCard(api: Api): Promise<{ title: string; answer: GradingData; missing: string | null }> {
  const cards = (await api<Envelope<CardsData>>('/v1/cards?q=charizard')).body.data.cards;
  for (const card of cards) {
    const ladder = (
      await api<Envelope<ValueData>>(`/v1/value?q=${encodeURIComponent(exactTitleQuery(card.title))}`)
    ).body.data;
    if (!ladder.by_grade.some((rung) => rung.grade === 'Raw' && rung.next_sale)) continue;
    const psa = await api<Envelope<GradingData>>(gradingPath(card.title));
    if (psa.status !== 200) continue;
    let missing: string | null = null;
    for (const grader of ['TAG', 'SGC', 'CGC', 'BGS']) {
      const other: ApiAnswer = await api(gradingPath(card.title, `&grader=${grader}`));
      if (other.status === 404) {
        missing = grader;
        break;
      }
    }
    return { title: card.title, answer: psa.body.data, missing };
  }
  throw new Error('the seeded store has no charizard card with a raw market and a PSA report');
}

test.beforeEach(async ({ page, apiKey, useKey }) => {
  await useKey(page, apiKey);
});

test('the panel shows the API answer, and an edited fee spends one call after typing stops', async ({
  page,
  api,
  apiCalls,
}) => {
  const { title, answer, missing } = await pickCard(api);
  await page.goto(`/card?${new URLSearchParams({ title })}`);
  const panel = page.getByTestId('grading-panel');
  await expect(panel.getByRole('heading', { name: 'Worth grading?' })).toBeVisible();

  const raw = answer.raw as NonNullable<GradingData['raw']>;
  await expect(panel.getByTestId('grading-raw')).toHaveText(
    `nets ${usd(answer.raw_net as number)} (sells for ${usd(raw.estimate)}, ${raw.level} %: ${usd(raw.low)}-${usd(raw.high)})`,
  );
  await expect(panel.getByTestId('grading-expected-net')).toHaveText(
    answer.expected_net === null ? 'no grade has a price' : usd(answer.expected_net),
  );
  await expect(panel.getByTestId('grading-p-loss')).toHaveText(
    answer.p_loss === null ? 'unknown' : percent(answer.p_loss),
  );
  await expect(panel.getByTestId('grading-break-even')).toHaveText(
    answer.break_even_grade ?? 'none nets as much as raw',
  );
  await expect(panel.locator('tbody tr')).toHaveCount(answer.by_grade.length);
  for (const row of answer.by_grade) {
    const line = panel.locator(`tbody tr[data-grade="${row.grade}"]`);
    await expect(line.getByTestId('grading-chance')).toHaveText(
      `${percent(row.probability)} ${row.population.toLocaleString('en-US')} graded`,
    );
    await expect(line.getByTestId('grading-price')).toHaveText(
      row.estimate === null
        ? 'too few sales for a price'
        : `${usd(row.estimate)} ${usd(row.low as number)}-${usd(row.high as number)}`,
    );
    if (row.net !== null) await expect(line.getByTestId('grading-net')).toContainText(usd(row.net));
  }
  await expect(panel.getByTestId('grading-caveat')).toContainText(answer.caveat);
  // The defaults the server used are the empty fields' placeholders.
  await expect(panel.getByRole('spinbutton', { name: 'Grading fee ($)' })).toHaveAttribute(
    'placeholder',
    String(answer.fee),
  );

  // Typing a fee and a cost: the panel waits for the pause, then asks once with both.
  apiCalls.reset();
  await panel.getByRole('spinbutton', { name: 'Grading fee ($)' }).pressSequentially('40');
  await panel.getByRole('spinbutton', { name: 'Raw copy cost ($)' }).pressSequentially('100');
  const edited = (await api<Envelope<GradingData>>(gradingPath(title, '&fee=40&cost=100'))).body.data;
  await expect(panel.getByTestId('grading-expected-profit')).toHaveText(
    edited.expected_profit == null ? 'unknown' : usd(edited.expected_profit),
  );
  await expect(panel.getByTestId('grading-basis')).toContainText('Fee $40.00 per card');
  const gradingCalls = apiCalls.metered().filter((request) => request.url().includes('/v1/grading'));
  expect(gradingCalls.map((request) => new URL(request.url()).searchParams.get('fee'))).toEqual(['40']);
  expect(new URL(gradingCalls[0]?.url() ?? 'http://x').searchParams.get('cost')).toBe('100');

  // A grader without a report of this card (the API answers 404): said plainly.
  expect(missing, 'a grader without a report of this card').not.toBeNull();
  await panel.getByRole('combobox', { name: 'Grader' }).selectOption(missing as string);
  await expect(panel.getByTestId('grading-no-report')).toHaveText(
    `No ${missing} population report holds this card, so its chances per grade are unknown. Try another grader.`,
  );
});

test('the panel fits 390 px with axe clean', async ({ page, api, checkA11y }) => {
  const { title, answer } = await pickCard(api);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/card?${new URLSearchParams({ title })}`);
  const panel = page.getByTestId('grading-panel');
  await expect(panel.locator('tbody tr')).toHaveCount(answer.by_grade.length);
  await panel.screenshot({ path: test.info().outputPath('grading-panel-390.png') });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await checkA11y(page, 'the grading panel at 390 px');
});

test("each rung of the ladder shows its graded copies and those higher, with the report's date", async ({
  page,
  api,
}) => {
  const { title } = await pickCard(api);
  const q = encodeURIComponent(exactTitleQuery(title));
  const all = (await api<Envelope<EnrichedValueData>>(`/v3/value?q=${q}`)).body.data;
  const counted = all.by_grade.filter((rung) => rung.population != null);
  expect(counted.length).toBeGreaterThan(0);
  const grade = (counted.at(-1) as EnrichedValueData['by_grade'][number]).grade;
  const one = (await api<Envelope<EnrichedValueData>>(`/v3/value?q=${q}&grade=${encodeURIComponent(grade)}`))
    .body.data;
  await page.goto(`/card?${new URLSearchParams({ title, grade })}`);
  const ladder = page.getByTestId('card-ladder');
  for (const rung of all.by_grade) {
    const counts = ladder.locator(`tr[data-grade="${rung.grade}"]`).getByTestId('rung-population');
    if (rung.population == null) await expect(counts).toHaveCount(0);
    else
      await expect(counts).toHaveText(
        `${rung.population.toLocaleString('en-US')} graded, ${(rung.population_higher as number).toLocaleString('en-US')} higher`,
      );
  }
  expect(one.population_as_of).not.toBeNull();
  const note = `population report of ${day(one.population_as_of as string)}, synthetic in the demo`;
  await expect(page.getByTestId('ladder-population-note')).toContainText(note);
  // Without a grade the rungs' own dates name the report.
  expect(counted.every((rung) => rung.population_as_of === one.population_as_of)).toBe(true);
  await page.goto(`/card?${new URLSearchParams({ title })}`);
  await expect(page.getByTestId('ladder-population-note')).toContainText(note);
});
