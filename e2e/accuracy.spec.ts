import { exactTitleQuery } from '../src/contract/card-query';
import type { AccuracyData, CardsData, EnrichedValueData, Envelope } from '../src/contract/resources';
import { expect, test } from './fixtures';

/** A share with at most 2 decimals, as the page writes it: 33.974 -> `33.97%`. */
const share = (n: number): string => `${Math.round(n * 100) / 100}%`;
const integer = (n: number): string => Math.round(n).toLocaleString('en-US');

/** The accuracy page (`/accuracy`) and the value page's accuracy line, against the real server. */
test.beforeEach(async ({ page, apiKey, useKey }) => {
  await useKey(page, apiKey);
});

test('the accuracy page says in a sentence and in tables what /v1/accuracy publishes', async ({
  page,
  api,
}) => {
  const { status, body } = await api<{ data: AccuracyData }>('/v1/accuracy');
  expect(status).toBe(200);
  const data = body.data;
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Accuracy' }).click();
  await expect(page).toHaveURL('/accuracy');
  const bias = data.overall.bias_pct;
  await expect(page.getByTestId('accuracy-sentence')).toHaveText(
    `The next sale of a card fell inside the middle half of its earlier sales (p25 to p75) ${share(data.overall.coverage_iqr)} of the time; the median's median error was ${share(data.overall.median_abs_pct_error)}. ` +
      (bias === 0
        ? 'At the median, sales came in neither above nor below the value: no lean either way.'
        : `At the median, sales came in ${share(Math.abs(bias))} ${bias > 0 ? 'above' : 'below'} the value (a bias of ${bias > 0 ? '+' : '-'}${share(Math.abs(bias))}): the values sat too ${bias > 0 ? 'low' : 'high'}, as a median of past sales does while prices ${bias > 0 ? 'rise' : 'fall'}.`),
  );
  // The next-sale range first: what it held out of sample, the misses on each side, the estimate's error.
  const next = data.overall.next_sale;
  if (!next) throw new Error('this server scores the next-sale ranges');
  expect(data.level).toBe(80);
  await expect(page.getByTestId('accuracy-next-sale')).toHaveText(
    `The next sale fell inside its 80 % range ${share(next.coverage)} of the time (the range aims at 80 %): ${share(next.below_pct)} fell below it and ${share(next.above_pct)} above; the estimate's median error was ${share(next.median_abs_pct_error)}.`,
  );
  // Per price band of the estimate, each band's own coverage beside the middle half's.
  const bands = page.getByTestId('accuracy-by-price-band').locator('tbody tr');
  await expect(bands).toHaveCount(data.by_price_band.length);
  const words = {
    under_100: 'under $100',
    '100_1k': '$100 to $1,000',
    '1k_10k': '$1,000 to $10,000',
    '10k_up': '$10,000 and up',
  };
  await expect(bands.locator('th')).toHaveText(data.by_price_band.map((row) => words[row.band]));
  await expect(page.getByTestId('accuracy-by-price-band').getByTestId('next-sale-coverage')).toHaveText(
    data.by_price_band.map((row) => share(row.next_sale?.coverage ?? Number.NaN)),
  );
  // The sentence that told readers a narrow range means a close value is gone: narrow ranges miss.
  await expect(page.getByText(/the narrower the typical range/i)).toHaveCount(0);
  const tiers = page.getByTestId('accuracy-by-liquidity').locator('tbody tr');
  await expect(tiers).toHaveCount(data.by_liquidity.length);
  const first = data.by_liquidity[0]!;
  const cells = tiers.first().locator('td');
  await expect(cells.nth(0)).toHaveText(integer(first.sales_scored));
  await expect(cells.nth(1)).toHaveText(share(first.next_sale?.coverage ?? Number.NaN));
  await expect(cells.nth(8)).toHaveText(share(first.coverage_iqr));
  await expect(cells.nth(9)).toHaveText(share(first.median_abs_pct_error));
  await expect(page.getByTestId('accuracy-by-category').locator('tbody tr')).toHaveCount(
    data.by_category.length,
  );
});

test("the value page shows, beside the range, the accuracy row of the value's liquidity", async ({
  page,
  api,
}) => {
  const accuracy = (await api<{ data: AccuracyData }>('/v1/accuracy')).body.data;
  // The charizard card with the most sales in 90 days: its value rests on enough sales for a tier.
  const cards = (await api<Envelope<CardsData>>('/v1/cards?q=charizard')).body.data.cards;
  const { title } = cards.toSorted((a, b) => b.sales_90d - a.sales_90d)[0]!;
  const one = new URLSearchParams({ q: exactTitleQuery(title) });
  const value = (await api<Envelope<EnrichedValueData>>(`/v3/value?${one}`)).body.data;
  // The row of the value's liquidity tier: thin 3-9 sales, steady 10-29, liquid 30 or more.
  const n = value.sample_size;
  expect(n).toBeGreaterThanOrEqual(3);
  const tier = n >= 30 ? 'liquid' : n >= 10 ? 'steady' : 'thin';
  const row = accuracy.by_liquidity.find((candidate) => candidate.tier === tier)!;
  await page.goto(`/value?${one}`);
  await expect(page.getByTestId('range-accuracy')).toContainText(
    `For ${tier} cards, the next sale fell inside the middle half of earlier sales ${share(row.coverage_iqr)} of the time; median error ${share(row.median_abs_pct_error)}.`,
  );
});
