import type { QueryClient } from '@tanstack/react-query';
import { exactTitleQuery, suggestedQueryOf } from '../../../contract/card-query';
import { isApiError } from '../../lib/api/api-error';
import { cardsQuery } from '../../lib/api/queries';
import type { ApiConnection } from '../../lib/api/use-api-connection';
import { pairKey } from '../../lib/collection/collection-item';
import type { ParsedRow, RowProblem } from './collection-csv';
import { pairValueQuery } from './use-collection-values';

const CONCURRENCY = 4;
const RATE_LIMIT_TRIES = 5;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const noMatchHint = (error: unknown): string | null =>
  isApiError(error) && error.problem.kind === 'http' && error.problem.code === 'no_match'
    ? error.problem.hint
    : null;

/** Runs `ask`, waiting out a `429 rate_limited` (Retry-After) a few times. */
async function patiently<T>(ask: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await ask();
    } catch (error) {
      const limited =
        isApiError(error) && error.problem.kind === 'http' && error.problem.code === 'rate_limited';
      if (!limited || attempt >= RATE_LIMIT_TRIES || error.problem.kind !== 'http') throw error;
      await wait(Math.max(500, (error.problem.resetAt?.getTime() ?? Date.now() + 1000) - Date.now()));
    }
  }
}

/**
 * Why a title is not a card, or null when it is one. The value of the card in its grade is asked
 * first (the answer the collection needs anyway, so it is kept in the cache and not asked again);
 * only a `no_match` asks `/v1/cards` whether the title is a card at all (no: free), and, for a
 * did-you-mean, the cards of the hint's suggested words.
 */
async function titleProblem(client: QueryClient, api: ApiConnection, row: ParsedRow): Promise<string | null> {
  try {
    await patiently(() => client.fetchQuery(pairValueQuery(api, row.draft)));
    return null;
  } catch (error) {
    if (noMatchHint(error) === null) throw error;
  }
  try {
    await patiently(() =>
      client.fetchQuery(cardsQuery(api, { q: exactTitleQuery(row.draft.title), limit: 1 })),
    );
    return null; // a card with no sale in this grade in 365 days: the page says so
  } catch (error) {
    const hint = noMatchHint(error);
    if (hint === null) throw error;
    const suggested = suggestedQueryOf(hint);
    if (suggested === null) return 'unknown card: no card has this title';
    try {
      const cards = await patiently(() => client.fetchQuery(cardsQuery(api, { q: suggested, limit: 3 })));
      return `unknown card: did you mean ${cards.cards.map((card) => `"${card.title}"`).join(' or ')}?`;
    } catch {
      return `unknown card: try the words "${suggested}"`;
    }
  }
}

/**
 * Checks every row's title against the API, a few at a time, reporting progress as rows done.
 * Rows of the same card and grade are asked once.
 */
export async function checkRowTitles(
  client: QueryClient,
  api: ApiConnection,
  rows: readonly ParsedRow[],
  onProgress: (done: number) => void,
): Promise<RowProblem[]> {
  const byPair = new Map<string, ParsedRow[]>();
  for (const row of rows) byPair.set(pairKey(row.draft), [...(byPair.get(pairKey(row.draft)) ?? []), row]);
  const groups = [...byPair.values()];
  const problems: RowProblem[] = [];
  let done = 0;
  let next = 0;
  const worker = async () => {
    while (next < groups.length) {
      const group = groups[next] as ParsedRow[];
      next += 1;
      const first = group[0] as ParsedRow;
      let message: string | null;
      try {
        message = await titleProblem(client, api, first);
      } catch (error) {
        message = `could not be checked: ${error instanceof Error ? error.message : String(error)}`;
      }
      if (message !== null)
        for (const row of group) problems.push({ line: row.line, title: row.draft.title, message });
      done += group.length;
      onProgress(done);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return problems.sort((a, b) => a.line - b.line);
}
