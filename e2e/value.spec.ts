import type { Page } from '@playwright/test';
import { exactTitleQuery, normalizeTitle, suggestedQueryOf } from '../src/contract/card-query';
import type { ErrorBody } from '../src/contract/errors';
import type {
  CardsData,
  EnrichedValueData,
  Envelope,
  GradeValue,
  ValueData,
} from '../src/contract/resources';
import { expect, test } from './fixtures';

/** The card value lookup (`/value`) against the real server on the seeded small store. */
const CARD = 'charizard';

// What the page should say, worked out here from the API's raw figures by the rules the docs and
// decisions.md state, not with the dashboard's or the server's own functions.

/** Dollars and cents with thousands separators: 1234.5 -> `$1,234.50`. */
const usd = (n: number): string =>
  `${n < 0 ? '-' : ''}$${Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const integer = (n: number): string => Math.round(n).toLocaleString('en-US');
/** At most 2 decimals, a sign unless zero: 12.5 -> `+12.5%`. */
const percent = (n: number): string => {
  const rounded = Math.round(n * 100) / 100;
  return `${rounded > 0 ? '+' : ''}${rounded === 0 ? 0 : rounded}%`;
};
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** `2026-11-15` (or an ISO time on that UTC day) -> `Nov 15, 2026`. */
const day = (date: string): string => {
  const [year, month, dayOfMonth] = date.slice(0, 10).split('-').map(Number) as [number, number, number];
  return `${MONTHS[month - 1]} ${dayOfMonth}, ${year}`;
};
/** An ISO time -> `Nov 15, 2026, 11:59 PM UTC`. */
const dayTime = (iso: string): string => {
  const at = new Date(iso);
  const hours = at.getUTCHours();
  const minutes = String(at.getUTCMinutes()).padStart(2, '0');
  return `${day(iso)}, ${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'} UTC`;
};
const sales = (n: number): string => `${integer(n)} sale${n === 1 ? '' : 's'}`;
/** The value note: the sample, its window, and why the window is 365 days when it is (decisions.md, "Statistics"). */
const windowNote = (data: ValueData | EnrichedValueData): string =>
  `From ${sales(data.sample_size)} over the last ${data.window_days} days`;
const widenedNote = (data: ValueData | EnrichedValueData): string =>
  data.window_days === 365 ? ' Widened to 365 days: the last 90 held fewer than 5 sales.' : '';
/** Grades in natural order: Raw first, then by number, then by grader. */
const gradeOrder = (a: string, b: string): number => {
  const key = (grade: string) =>
    grade === 'Raw' ? [0, ''] : [Number(grade.split(' ')[1]), grade.split(' ')[0]];
  const [na, ga] = key(a) as [number, string];
  const [nb, gb] = key(b) as [number, string];
  return na - nb || (ga < gb ? -1 : ga > gb ? 1 : 0);
};
const clamp = (n: number, limit: number): number => Math.min(limit, Math.max(-limit, n));
/**
 * The buy score's parts (docs/analytics.md): the discount is the last sale against the median of
 * its own card and grade's other sales, in percent, 0 with fewer than 3 of them, within +-30; the
 * trend half a point per percent within +-15; liquidity and confidence (x - 50) / 5.
 */
function scoreParts(data: EnrichedValueData) {
  const comps = data.last_sale_comps;
  if (!comps) throw new Error('this server sends last_sale_comps with every /v3/value answer');
  const discountPct =
    comps.median !== null && comps.median > 0 && comps.sales >= 3
      ? ((comps.median - data.last_sale) / comps.median) * 100
      : 0;
  const points = {
    discount: clamp(discountPct, 30),
    trend: clamp((data.trend_30d ?? 0) / 2, 15),
    liquidity: (data.liquidity - 50) / 5,
    confidence: (data.confidence - 50) / 5,
  };
  const sum = 50 + points.discount + points.trend + points.liquidity + points.confidence;
  const score = Math.min(100, Math.max(0, Math.round(Number(sum.toFixed(9)))));
  const verdict = score >= 75 ? 'Strong Buy' : score >= 55 ? 'Accumulate' : score >= 35 ? 'Hold' : 'Reduce';
  return { comps, discountPct, points, score, verdict };
}
/** Points with a sign and one decimal: `+12.3`, `-4.0`, `0.0`. */
const signedPoints = (points: number): string => {
  const rounded = Math.round(points * 10) / 10;
  return rounded === 0 ? '0.0' : `${rounded > 0 ? '+' : '-'}${Math.abs(rounded).toFixed(1)}`;
};

test.beforeEach(async ({ page, apiKey, useKey }) => {
  await useKey(page, apiKey);
});

type Api = <T>(path: string) => Promise<{ status: number; body: T }>;

/** The cards of CARD as `/v1/cards` lists them (most traded first), as the card picker asks. */
const cardsOf = async (api: Api, q = CARD): Promise<CardsData> =>
  (await api<Envelope<CardsData>>(`/v1/cards?${new URLSearchParams({ q, limit: '25' })}`)).body.data;

/** The card of CARD with the most sales in 90 days, as the exact-title query that values it alone. */
async function oneCard(api: Api): Promise<{ title: string; q: string }> {
  const [title] = (await cardsOf(api)).cards
    .toSorted((a, b) => b.sales_90d - a.sales_90d)
    .map((card) => card.title);
  if (!title) throw new Error('the seeded store has no charizard card');
  return { title, q: exactTitleQuery(title) };
}

const valueRequests = (requests: { url: () => string }[]) =>
  requests.filter((request) => /^\/v[13]\/value$/.test(new URL(request.url()).pathname));

/**
 * The headline and every row of the ladder (table and range chart), as the page shows them: the
 * estimate of the next sale and its range, or why there is none, then what sold in the window.
 */
async function expectValueNumbers(page: Page, data: ValueData | EnrichedValueData) {
  const next = data.next_sale;
  if (next) {
    await expect(page.getByTestId('value-value')).toHaveText(usd(next.estimate));
    await expect(page.getByTestId('next-sale-range')).toContainText(
      `Likely next sale: ${next.level} % of the time between ${usd(next.low)} and ${usd(next.high)}`,
    );
  } else {
    await expect(page.getByTestId('value-value')).toHaveCount(0);
    await expect(page.getByTestId('next-sale-none')).toContainText(
      data.grade === null ? 'a mix of grades' : `of this card in ${data.grade} in 365 days`,
    );
  }
  await expect(
    page.getByRole('heading', { name: `What sold in the last ${data.window_days} days` }),
  ).toBeVisible();
  await expect(page.getByTestId('value-median')).toHaveText(usd(data.value));
  await expect(page.getByTestId('value-low')).toHaveText(usd(data.low));
  await expect(page.getByTestId('value-high')).toHaveText(usd(data.high));
  await expect(page.getByTestId('value-min')).toHaveText(usd(data.min));
  await expect(page.getByTestId('value-max')).toHaveText(usd(data.max));
  await expect(page.getByTestId('value-avg')).toHaveText(usd(data.avg));
  await expect(page.getByTestId('value-sample-size')).toHaveText(integer(data.sample_size));
  await expect(page.getByTestId('value-confidence')).toHaveText(String(data.confidence));

  const ordered = [...data.by_grade].sort((a, b) => gradeOrder(a.grade, b.grade));
  const column = (pick: (row: GradeValue) => string) => ordered.map(pick);
  await expect(page.getByTestId('ladder-row')).toHaveCount(ordered.length);
  const grades = await page
    .getByTestId('ladder-row')
    .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.grade));
  expect(grades).toEqual(column((row) => row.grade));
  // Each rung of one card heads with its own estimate, or says it has too few sales for one.
  await expect(page.getByTestId('ladder-value')).toHaveText(
    column((row) => (row.next_sale ? usd(row.next_sale.estimate) : 'too few sales')),
  );
  await expect(page.getByTestId('ladder-next-sale')).toHaveText(
    column((row) => (row.next_sale ? `${usd(row.next_sale.low)} to ${usd(row.next_sale.high)}` : '-')),
  );
  await expect(page.getByTestId('ladder-median')).toHaveText(column((row) => usd(row.value)));
  await expect(page.getByTestId('ladder-low')).toHaveText(column((row) => usd(row.low)));
  await expect(page.getByTestId('ladder-high')).toHaveText(column((row) => usd(row.high)));
  await expect(page.getByTestId('ladder-min')).toHaveText(column((row) => usd(row.min)));
  await expect(page.getByTestId('ladder-max')).toHaveText(column((row) => usd(row.max)));
  await expect(page.getByTestId('ladder-sample-size')).toHaveText(column((row) => integer(row.sample_size)));
  // The range chart draws one bar per grade, in the same natural order.
  await expect(page.locator('.ladder-chart__grade')).toHaveText(column((row) => row.grade));
}

/**
 * "What made the score": the discount row reads the comparison the server made (decisions.md,
 * "Discount") and each row's points are the documented formula's, from the answer's raw figures.
 */
async function expectScoreExplained(page: Page, data: EnrichedValueData) {
  const { comps, discountPct, points, score, verdict } = scoreParts(data);
  expect(data.buy_score).toBe(score);
  expect(data.verdict).toBe(verdict);
  await expect(page.getByTestId('contribution')).toHaveCount(4);
  const discount = page.locator('[data-testid="contribution"][data-input="discount"]');
  const others = `${integer(comps.sales)} other ${comps.grade} sale${comps.sales === 1 ? '' : 's'}`;
  const reading =
    comps.median === null || comps.sales < 3
      ? `${comps.sales === 0 ? `no other ${comps.grade} sale` : `only ${others}`} of this card in the window: too few to call the last sale cheap or dear, so the discount adds nothing`
      : `last sale ${usd(data.last_sale)} ${
          discountPct > 0
            ? `is ${discountPct.toFixed(2)}% below`
            : discountPct < 0
              ? `is ${(-discountPct).toFixed(2)}% above`
              : 'equals'
        } what its ${others} would fetch today (their median ${usd(comps.median)}, each moved to the last sale's week by its label's sales index)`;
  await expect(discount.getByTestId('contribution-reading')).toHaveText(`(${reading})`);
  await expect(discount.getByTestId('contribution-points')).toHaveText(signedPoints(points.discount));
  for (const input of ['trend', 'liquidity', 'confidence'] as const) {
    await expect(
      page.locator(`[data-testid="contribution"][data-input="${input}"]`).getByTestId('contribution-points'),
    ).toHaveText(signedPoints(points[input]));
  }
  await expect(page.getByTestId('last-sale-card')).toHaveText(comps.title);
  await expect(page.getByTestId('last-sale-grade')).toHaveText(comps.grade);
}

test('the enriched answer of one card: headline, ladder, gauge, signals and matched cards equal GET /v3/value', async ({
  page,
  api,
}) => {
  const one = await oneCard(api);
  const { status, body } = await api<Envelope<EnrichedValueData>>(
    `/v3/value?${new URLSearchParams({ q: one.q })}`,
  );
  expect(status).toBe(200);
  const data = body.data;
  await page.goto(`/value?${new URLSearchParams({ q: one.q })}`);
  await expectValueNumbers(page, data);
  expect([90, 365]).toContain(data.window_days);
  await expect(page.getByTestId('value-note')).toHaveText(`${windowNote(data)}.${widenedNote(data)}`);

  await expect(
    page.getByRole('img', { name: `Buy score: ${data.buy_score} out of 100, ${data.verdict}` }),
  ).toBeVisible();
  await expect(page.getByTestId('buy-score')).toHaveText(String(data.buy_score));
  await expect(page.getByTestId('verdict')).toHaveText(data.verdict);

  await expect(page.getByTestId('signal-liquidity')).toHaveText(String(data.liquidity));
  await expect(page.getByTestId('signal-last-sale')).toHaveText(usd(data.last_sale));
  await expect(page.getByTestId('signal-last-sale-date')).toHaveText(day(data.last_sale_date));
  await expect(page.getByTestId('signal-sales-90d')).toHaveText(integer(data.sales_90d));
  await expect(page.getByTestId('signal-trend-30d')).toHaveText(
    data.trend_30d === null ? 'not enough sales' : percent(data.trend_30d),
  );
  await expect(page.getByTestId('signal-population')).toHaveText('not yet captured');
  await expect(page.getByTestId('signal-watchers')).toHaveText('not yet captured');
  await expectScoreExplained(page, data);

  const matched = data.matched_cards ?? [];
  expect(matched.length).toBeGreaterThan(0);
  await expect(page.getByTestId('matched-card-sales')).toHaveText(matched.map((card) => integer(card.sales)));
});

test('the plain answer with a price filter equals GET /v1/value, all of it in the URL', async ({
  page,
  api,
}) => {
  const one = await oneCard(api);
  const { body: wide } = await api<Envelope<ValueData>>(`/v1/value?${new URLSearchParams({ q: one.q })}`);
  const min = Math.floor(wide.data.low);
  const max = Math.ceil(wide.data.high);
  const search = new URLSearchParams({ q: one.q, min_price: String(min), max_price: String(max) });
  const { status, body } = await api<Envelope<ValueData>>(`/v1/value?${search}`);
  expect(status).toBe(200);

  await page.goto('/value');
  await page.getByRole('textbox', { name: 'Card' }).fill(one.q);
  await page.getByRole('textbox', { name: 'Lowest price (USD)' }).fill(String(min));
  await page.getByRole('textbox', { name: 'Highest price (USD)' }).fill(String(max));
  await page.getByRole('radio', { name: /Plain/ }).check();
  await page.getByRole('button', { name: 'Look up the value' }).click();

  await expect(page).toHaveURL(`/value?${search}&answer=plain`);
  await expectValueNumbers(page, body.data);
  expect(body.data.filter).toEqual({ min_price: min, max_price: max });
  await expect(page.getByTestId('value-note')).toHaveText(
    `${windowNote(body.data)}, priced from ${usd(min)} up to ${usd(max)}, as of ${dayTime(body.data.as_of)}.${widenedNote(body.data)}`,
  );
  await expect(page.getByTestId('buy-score')).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('radio', { name: /Plain/ })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Lowest price (USD)' })).toHaveValue(String(min));
  await expectValueNumbers(page, body.data);
});

test('the grade input accepts psa10, shows PSA 10 and the answer for PSA 10', async ({ page, api }) => {
  const one = await oneCard(api);
  await page.goto(`/value?${new URLSearchParams({ q: one.q })}`);
  const grade = page.getByRole('textbox', { name: 'Grade' });
  await grade.fill('psa10');
  await grade.blur();
  await expect(grade).toHaveValue('PSA 10');
  await page.getByRole('button', { name: 'Look up the value' }).click();
  const search = new URLSearchParams({ q: one.q, grade: 'PSA 10' });
  await expect(page).toHaveURL(`/value?${search}`);

  const { body } = await api<Envelope<EnrichedValueData>>(`/v3/value?${search}`);
  expect(body.data.grade).toBe('PSA 10');
  await expectValueNumbers(page, body.data);
  await expect(page.getByTestId('buy-score')).toHaveText(String(body.data.buy_score));
  await expect(page.getByTestId('verdict')).toHaveText(body.data.verdict);
  await expectScoreExplained(page, body.data);

  // A hand-written link with psa10 reads the same way, and its field shows PSA 10.
  await page.goto(`/value?${new URLSearchParams({ q: one.q, grade: 'psa10' })}`);
  await expect(page.getByRole('textbox', { name: 'Grade' })).toHaveValue('PSA 10');
  await expectValueNumbers(page, body.data);
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

/** A search's answer, whichever it is: the value of one card (or why it has none), or the folded figures of several. */
const answerShown = (page: Page) =>
  page
    .getByTestId('value-value')
    .or(page.getByTestId('next-sale-none'))
    .or(page.getByTestId('all-matching-sales'));

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
  await expect(answerShown(page)).toBeVisible();
});

test('"Value of this card only" in the card list asks for that one card by its exact title, in the URL and the field', async ({
  page,
  api,
}) => {
  const first = (await cardsOf(api)).cards[0];
  if (!first) throw new Error('the seeded store matched no card');
  const q = exactTitleQuery(first.title);
  const { status, body: only } = await api<Envelope<EnrichedValueData>>(
    `/v3/value?${new URLSearchParams({ q })}`,
  );
  expect(status).toBe(200);
  const titles = (only.data.matched_cards ?? []).map((card) => normalizeTitle(card.title));
  expect(new Set(titles)).toEqual(new Set([normalizeTitle(first.title)]));

  await page.goto(`/value?q=${CARD}`);
  await page.getByTestId('card-pick').first().getByRole('link', { name: 'Value of this card only' }).click();
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
  await page.getByTestId('all-matching-sales').getByText('All matching sales:').click();
  await page
    .getByRole('link', { name: `Index chart of ${first.label}` })
    .first()
    .click();
  await expect(page).toHaveURL(
    `/index?${new URLSearchParams({ category: first.category, label: first.label })}`,
  );

  const one = await oneCard(api);
  await page.goto(`/value?${new URLSearchParams({ q: one.q, grade: 'PSA 10' })}`);
  await page.getByRole('link', { name: /Sold comps of this card/ }).click();
  await expect(page).toHaveURL(`/sold?${new URLSearchParams({ q: one.q, grade: 'PSA 10' })}`);
});

test('axe finds no serious or critical violation on the value page', async ({ page, api, checkA11y }) => {
  const one = await oneCard(api);
  await page.goto(`/value?${new URLSearchParams({ q: one.q })}`);
  await expect(page.getByTestId('buy-score')).toBeVisible();
  await checkA11y(page, '/value enriched');
  await page.setViewportSize({ width: 360, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await checkA11y(page, '/value enriched at 360 px in the dark theme');
});

test('axe finds no serious or critical violation on the value page of several cards, and plain', async ({
  page,
  api,
  checkA11y,
}) => {
  const one = await oneCard(api);
  await page.goto(`/value?q=${CARD}`);
  await page.getByTestId('all-matching-sales').getByText('All matching sales:').click();
  await expect(page.getByTestId('value-median')).toBeVisible();
  await checkA11y(page, '/value of several cards, their figures unfolded');
  await page.goto(`/value?q=${CARD}&answer=plain&min_price=abc`);
  await expect(page.getByTestId('hint-min_price')).toBeVisible();
  await checkA11y(page, '/value with a refused price');
  await page.goto(`/value?${new URLSearchParams({ q: one.q, answer: 'plain' })}`);
  await expect(page.getByTestId('value-median')).toBeVisible();
  await checkA11y(page, '/value plain');
});

for (const answer of ['enriched', 'plain'] as const) {
  test(`a q that matches several cards leads with the card list and no value, confidence or gauge (${answer})`, async ({
    page,
    api,
  }) => {
    const cards = await cardsOf(api);
    const selling = cards.cards.filter((card) => card.sales_365d > 0);
    expect(selling.length, 'the seeded store has several charizard cards with sales').toBeGreaterThan(1);
    const path = answer === 'plain' ? '/v1/value' : '/v3/value';
    const blend = (await api<Envelope<ValueData>>(`${path}?q=${CARD}`)).body.data;
    const grades = blend.by_grade.filter((row) => row.sample_size > 0).length;
    const more = cards.total > cards.cards.length ? ' or more' : '';

    await page.goto(`/value?q=${CARD}${answer === 'plain' ? '&answer=plain' : ''}`);
    const folded = page.getByTestId('all-matching-sales');
    await expect(folded).toBeVisible();
    await expect(page.getByTestId('value-blend')).toHaveText(
      `This search matches ${integer(selling.length)}${more} cards with sales, and a value is the price of one card in one grade: pick a card above for its value, its confidence and its buy score.`,
    );
    await expect(page.getByTestId('value-value')).toHaveCount(0);
    await expect(page.getByTestId('value-confidence')).toHaveCount(0);
    await expect(page.getByTestId('buy-score-gauge')).toHaveCount(0);
    // The card list leads: above the answer.
    const listBox = (await page.getByTestId('card-picker').boundingBox())!;
    const answerBox = (await folded.boundingBox())!;
    expect(listBox.y).toBeLessThan(answerBox.y);

    // Folded until asked for, named as all matching sales: the blend's own figures.
    await expect(page.getByTestId('value-median')).toBeHidden();
    await folded
      .getByText(
        `All matching sales: ${integer(selling.length)}${more} cards and ${integer(grades)} grades blended`,
      )
      .click();
    await expect(page.getByText('Median of all matching sales')).toBeVisible();
    await expect(page.getByTestId('value-median')).toHaveText(usd(blend.value));
    await expect(page.getByTestId('value-low')).toHaveText(usd(blend.low));
    await expect(page.getByTestId('value-high')).toHaveText(usd(blend.high));
    await expect(page.getByTestId('value-sample-size')).toHaveText(integer(blend.sample_size));
    await expect(page.getByRole('heading', { name: 'Grade ladder of all matching sales' })).toBeVisible();
    await expect(page.getByTestId('ladder-row')).toHaveCount(blend.by_grade.length);

    // Choosing a card brings its headline (of all its grades: why no estimate, pick a grade), its
    // confidence and (enriched) its gauge.
    const top = cards.cards[0]!;
    await page
      .getByTestId('card-pick')
      .first()
      .getByRole('link', { name: 'Value of this card only' })
      .click();
    const narrowed = (
      await api<Envelope<ValueData>>(`${path}?${new URLSearchParams({ q: exactTitleQuery(top.title) })}`)
    ).body.data;
    expect(narrowed.next_sale).toBeNull();
    await expect(page.getByTestId('next-sale-none')).toContainText('a mix of grades');
    await expect(page.getByTestId('value-median')).toHaveText(usd(narrowed.value));
    await expect(page.getByTestId('value-confidence')).toHaveText(String(narrowed.confidence));
    await expect(page.getByTestId('buy-score-gauge')).toHaveCount(answer === 'enriched' ? 1 : 0);
    await expect(page.getByTestId('all-matching-sales')).toHaveCount(0);
  });
}

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
  await expect(answerShown(page)).toBeVisible();
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
  await expect(answerShown(page)).toBeVisible();
});
