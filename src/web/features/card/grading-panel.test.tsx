import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { GradingData } from '../../../contract/resources';
import { ApiError } from '../../lib/api/api-error';
import { gradingQuery } from '../../lib/api/queries';
import { GradingPanel } from './grading-panel';

afterEach(cleanup);

/** The connection the page uses with no key and the default base URL: queries stay disabled, the cache answers. */
const api = { baseUrl: '', apiKey: null };
const q = '"1999 Pokemon Base Set Charizard Holo #4"';

const answer: GradingData = {
  query: q,
  title: '1999 Pokemon Base Set Charizard Holo #4',
  grader: 'PSA',
  population_as_of: '2026-11-27',
  graded_copies: 150,
  raw: { estimate: 100, low: 80, high: 120, level: 80, sales_used: 12 },
  raw_net: 86.45,
  fee: 25,
  selling_pct: 13.25,
  selling_fixed: 0.3,
  expected_net: 150.7,
  p_loss: 0.25,
  break_even_grade: 'PSA 10',
  unpriced_probability: 0,
  caveat: 'Submitted copies are not random copies.',
  by_grade: [
    { grade: 'PSA 10', population: 150, probability: 1, estimate: 200, low: 150, high: 260, net: 148.2 },
  ],
};

const renderPanel = (client: QueryClient) =>
  render(
    <QueryClientProvider client={client}>
      <GradingPanel q={q} />
    </QueryClientProvider>,
  );

describe('GradingPanel', () => {
  it("draws the answer for the default assumptions, their values as the empty fields' placeholders", () => {
    const client = new QueryClient();
    client.setQueryData(gradingQuery(api, { q, grader: 'PSA' }).queryKey, answer);
    renderPanel(client);
    expect(screen.getByRole('heading', { name: 'Worth grading?' })).toBeTruthy();
    expect(screen.getByTestId('grading-expected-net').textContent).toBe('$150.70');
    expect(screen.getByTestId('grading-p-loss').textContent).toBe('25.0 %');
    expect(screen.getByRole('spinbutton', { name: 'Grading fee ($)' }).getAttribute('placeholder')).toBe(
      '25',
    );
    expect(screen.getByRole('spinbutton', { name: 'Selling costs (%)' }).getAttribute('placeholder')).toBe(
      '13.25',
    );
    expect(screen.getByRole('spinbutton', { name: 'Raw copy cost ($)' }).getAttribute('placeholder')).toBe(
      'optional',
    );
    expect((screen.getByRole('combobox', { name: 'Grader' }) as HTMLSelectElement).value).toBe('PSA');
  });

  it('says plainly when the grader has no report of the card (404 no_match)', async () => {
    const client = new QueryClient();
    const noReport = new ApiError({
      kind: 'http',
      status: 404,
      code: 'no_match',
      hint: 'No PSA population report holds this card.',
      resetAt: null,
    });
    await client
      .fetchQuery({
        queryKey: gradingQuery(api, { q, grader: 'PSA' }).queryKey,
        queryFn: () => Promise.reject(noReport),
        retry: false,
      })
      .catch(() => undefined);
    renderPanel(client);
    expect(screen.getByTestId('grading-no-report').textContent).toBe(
      'No PSA population report holds this card, so its chances per grade are unknown. Try another grader.',
    );
    expect(screen.queryByTestId('grading-result')).toBeNull();
  });
});
