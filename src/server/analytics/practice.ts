import { AnalyticsError } from './analytics-error';
import type { MarketContext } from './market-context';
import { OPERATIONS, type OperationTable } from './operations';

/** One practice question: asked, its answer thrown away. */
export type Question = () => Promise<unknown>;

/**
 * The q-driven operations' most expensive questions on the store's own catalogue (its commonest
 * word, and its commonest words together), asked and their answers thrown away, so that the first
 * real questions run code V8 has already compiled rather than interpreted. Two rounds, because V8
 * is still compiling after one. The server asks them before it listens until PRACTICE_LISTEN_BY_MS,
 * and the rest after, one at a time once no request has come for PRACTICE_IDLE_MS (main.ts), so a
 * practice question never holds up a real one for long. Reads only; a no_match is expected
 * (docs/data-model.md, "Sale columns").
 */
export function practiceQuestions(
  ctx: MarketContext,
  commonest: readonly string[],
  operations: Pick<OperationTable, 'enrichedValue' | 'history' | 'cards' | 'sold' | 'value'> = OPERATIONS,
): Question[] {
  const [q] = commonest;
  if (q === undefined) return [];
  // Costliest first: /v3/value's sample, summaries and cells are /v1/value's too, and much of it
  // /v1/history's.
  const broad = [
    () => operations.enrichedValue(ctx, { q, min_price: 0.01, max_price: 99_999_999 }),
    () => operations.enrichedValue(ctx, { q }),
    () => operations.history(ctx, { q, interval: 'week' }),
    () => operations.cards(ctx, { q, limit: 25 }),
    () => operations.sold(ctx, { q, days: 365 }),
    () => operations.value(ctx, { q }),
  ];
  return [
    ...broad,
    // Many broad words no title holds together: the no_match that tries suggestions, which every
    // q-driven operation gives the same way (card-sales.ts), so one operation practises it.
    ...(commonest.length > 1 ? [() => operations.value(ctx, { q: commonest.join(' ') })] : []),
    ...broad,
  ];
}

/**
 * The server practises before it listens until it has run this long (`performance.now()`, from the
 * process's start): the start's target is 3 s, and one question may run past this.
 */
export const PRACTICE_LISTEN_BY_MS = 2_400;

/** The practice questions of the store's commonest words (none while it has no sale). */
export async function practiceQuestionsOf(ctx: MarketContext): Promise<Question[]> {
  if ((await ctx.reader.state()).asOfMs === null) return [];
  return practiceQuestions(ctx, (await ctx.query()).words.commonest(12));
}

/**
 * Asks `questions` in order, past no_match, until they are all asked or `now()` has reached
 * `until` (checked before each one), awaiting `before()` before each. Returns those not asked.
 */
export async function askInOrder(
  questions: readonly Question[],
  options: { until?: number; now?: () => number; before?: () => Promise<void> } = {},
): Promise<Question[]> {
  const { until = Number.POSITIVE_INFINITY, now = () => performance.now(), before } = options;
  for (const [i, question] of questions.entries()) {
    if (before !== undefined) await before();
    if (now() >= until) return questions.slice(i);
    await ignoringNoMatch(question());
  }
  return [];
}

/** How long the server must have had no request before it asks a practice question after listening. */
export const PRACTICE_IDLE_MS = 1_000;

/**
 * The server's requests as practice sees them: `seen` listens to the HTTP server's `request` event
 * and counts each request until its response closes; `idle()` resolves once no request has been in
 * flight for `idleMs` (checked every `idleMs / 4`), so that practice after listening never makes a
 * request wait behind more than the one question it may have begun. (Not a wrapper of the fetch
 * handler: that would put a promise on every request.)
 */
export function requestActivity(idleMs = PRACTICE_IDLE_MS, now: () => number = () => performance.now()) {
  let inFlight = 0;
  let last = now();
  return {
    seen: (_request: unknown, response: { once(event: 'close', listener: () => void): unknown }): void => {
      inFlight += 1;
      response.once('close', () => {
        inFlight -= 1;
        last = now();
      });
    },
    async idle(): Promise<void> {
      while (inFlight > 0 || now() - last < idleMs) {
        await new Promise((done) => setTimeout(done, idleMs / 4).unref());
      }
    },
  };
}

async function ignoringNoMatch(answer: Promise<unknown>): Promise<void> {
  try {
    await answer;
  } catch (error) {
    if (!(error instanceof AnalyticsError && error.code === 'no_match')) throw error;
  }
}
