import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import type { ApiRequest } from '../../lib/api/api-request';
import type { ApiConnection } from '../../lib/api/use-api-connection';
import type { ParsedRow } from './collection-csv';
import { checkRowTitles } from './import-check';

const noMatch = (hint: string) =>
  new ApiError({ kind: 'http', status: 404, code: 'no_match', hint, resetAt: null });

const row = (line: number, title: string, grade = 'PSA 10'): ParsedRow => ({
  line,
  draft: { title, grade, quantity: 1, cost: null, acquired: null, note: '' },
});

/**
 * A stand-in for the query client: answers each request as a tiny market would, and records what
 * was asked. Cards: "Base Charizard" (sold in PSA 10 only) and "Base Charizard 1st Edition".
 */
function fakeClient(asked: string[]) {
  const fetchQuery = async ({ queryKey }: { queryKey: readonly ['slab', ApiRequest] }) => {
    const { path, params } = queryKey[1];
    asked.push(`${path} ${params.q}${params.grade ? ` ${params.grade}` : ''}`);
    const title = (params.q ?? '').replace(/^"|"$/g, '');
    const known = ['Base Charizard', 'Base Charizard 1st Edition'];
    if (path === '/v1/value') {
      if (title === 'Base Charizard' && params.grade === 'PSA 10') return { value: 100 };
      throw noMatch('No sale matched.');
    }
    if (params.q?.startsWith('"')) {
      if (known.includes(title)) return { cards: [{ title }] };
      throw noMatch(
        title.includes('Charzard') ? 'No card matched. Try q=base charizard instead.' : 'No card matched.',
      );
    }
    if (params.q === 'base charizard') return { cards: known.map((t) => ({ title: t })) };
    throw noMatch('No card matched.');
  };
  return { fetchQuery } as unknown as QueryClient;
}

const api: ApiConnection = { baseUrl: '', apiKey: 'k' };

describe('checkRowTitles', () => {
  it('passes a sold card, and a card with no sale in its grade; names an unknown title with its did-you-mean', async () => {
    const asked: string[] = [];
    const progress: number[] = [];
    const problems = await checkRowTitles(
      fakeClient(asked),
      api,
      [
        row(2, 'Base Charizard'),
        row(3, 'Base Charizard', 'PSA 10'),
        row(4, 'Base Charizard 1st Edition', 'BGS 9'),
        row(5, 'Base Charzard'),
      ],
      (done) => progress.push(done),
    );
    expect(problems).toEqual([
      {
        line: 5,
        title: 'Base Charzard',
        message: 'unknown card: did you mean "Base Charizard" or "Base Charizard 1st Edition"?',
      },
    ]);
    // The two rows of one card and grade are asked once; /v1/cards only after a no_match.
    expect(asked.filter((q) => q === '/v1/value "Base Charizard" PSA 10')).toHaveLength(1);
    expect(asked).not.toContain('/v1/cards "Base Charizard"');
    expect(asked).toContain('/v1/cards "Base Charizard 1st Edition"');
    expect(progress.at(-1)).toBe(4);
  });

  it('says so when the hint suggests nothing', async () => {
    const problems = await checkRowTitles(fakeClient([]), api, [row(2, 'Zzz Qqq')], () => undefined);
    expect(problems).toEqual([
      { line: 2, title: 'Zzz Qqq', message: 'unknown card: no card has this title' },
    ]);
  });
});
