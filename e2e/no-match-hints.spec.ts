import { suggestedQueryOf } from '../src/contract/card-query';
import type { ErrorBody } from '../src/contract/errors';
import type { CardsData, EnrichedValueData, Envelope } from '../src/contract/resources';
import { expect, test } from './fixtures';
import { usd } from './support/expected-text';

/** Issue 24 on the seeded store: the queries of the issue, each hint's link followed on /value. */
const TYPED: { q: string; grade?: string }[] = [
  { q: 'michael jordon fleer' },
  { q: 'charzard' },
  { q: 'charizard 1st edition base set', grade: 'PSA 9' },
  { q: 'mj fleer rc' },
  { q: 'wemby' },
  { q: 'mj' },
  { q: '86 fleer jordan' },
  { q: 'zard 1st ed' },
];

const valueSearch = (q: string, grade?: string) => new URLSearchParams(grade ? { q, grade } : { q });

test.beforeEach(async ({ page, apiKey, useKey }) => {
  await useKey(page, apiKey);
});

for (const { q, grade } of TYPED) {
  test(`the hint link of "${q}"${grade ? ` in ${grade}` : ''} leads to an answer, never a no_match`, async ({
    page,
    api,
  }) => {
    const { status, body } = await api<ErrorBody>(`/v3/value?${valueSearch(q, grade)}`);
    expect(status).toBe(404);
    const suggested = suggestedQueryOf(body.hint);
    if (suggested === null) throw new Error(`the hint names no query: ${body.hint}`);
    const followed = await api<Envelope<EnrichedValueData>>(`/v3/value?${valueSearch(suggested, grade)}`);
    expect(followed.status, suggested).toBe(200);

    await page.goto(`/value?${valueSearch(q, grade)}`);
    const panel = page.getByRole('status').filter({ hasText: 'No match' });
    await expect(panel).toContainText(body.hint);
    await panel.getByRole('link', { name: `Try “${suggested}” instead` }).click();
    await expect(page).toHaveURL(`/value?${valueSearch(suggested, grade)}`);
    // Of one card the value heads the answer; of several, it is the median of all matching sales.
    const cards = (
      await api<Envelope<CardsData>>(`/v1/cards?${new URLSearchParams({ q: suggested, limit: '25' })}`)
    ).body.data;
    const selling = cards.cards.filter(
      (card) => card.sales_365d > 0 && (grade === undefined || card.grades.includes(grade)),
    );
    if (selling.length > 1) {
      await page.getByTestId('all-matching-sales').getByText('All matching sales:').click();
      await expect(page.getByTestId('value-median')).toHaveText(usd(followed.body.data.value));
      await expect(page.getByTestId('value-value')).toHaveCount(0);
    } else {
      // One card: its estimate of the next sale heads the answer, or it says why there is none.
      const next = followed.body.data.next_sale;
      if (next) await expect(page.getByTestId('value-value')).toHaveText(usd(next.estimate));
      else await expect(page.getByTestId('next-sale-none')).toBeVisible();
      await expect(page.getByTestId('value-median')).toHaveText(usd(followed.body.data.value));
    }
    await expect(panel).toHaveCount(0);
  });
}
