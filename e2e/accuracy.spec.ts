import type { AccuracyData, EnrichedValueData, Envelope } from '../src/contract/resources';
import { accuracySentence, applicableRow, biasSentence, formatShare } from '../src/web/lib/accuracy-sentence';
import { formatInteger } from '../src/web/lib/format';
import { expect, test } from './fixtures';

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
  await expect(page.getByTestId('accuracy-sentence')).toHaveText(
    `${accuracySentence(data.overall)} ${biasSentence(data.overall.bias_pct)}`,
  );
  const tiers = page.getByTestId('accuracy-by-liquidity').locator('tbody tr');
  await expect(tiers).toHaveCount(data.by_liquidity.length);
  const first = data.by_liquidity[0]!;
  const cells = tiers.first().locator('td');
  await expect(cells.nth(0)).toHaveText(formatInteger(first.sales_scored));
  await expect(cells.nth(1)).toHaveText(formatShare(first.coverage_iqr));
  await expect(cells.nth(2)).toHaveText(formatShare(first.median_abs_pct_error));
  await expect(page.getByTestId('accuracy-by-category').locator('tbody tr')).toHaveCount(
    data.by_category.length,
  );
});

test("the value page shows, beside the range, the accuracy row of the value's liquidity", async ({
  page,
  api,
}) => {
  const accuracy = (await api<{ data: AccuracyData }>('/v1/accuracy')).body.data;
  const value = (await api<Envelope<EnrichedValueData>>('/v3/value?q=charizard')).body.data;
  const applies = applicableRow(accuracy, value.sample_size, undefined)!;
  await page.goto('/value?q=charizard');
  await expect(page.getByTestId('range-accuracy')).toContainText(
    `For ${applies.scope}, the next sale fell inside the typical range ${formatShare(applies.row.coverage_iqr)} of the time; median error ${formatShare(applies.row.median_abs_pct_error)}.`,
  );
});
