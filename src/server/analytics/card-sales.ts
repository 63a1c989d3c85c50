import { exactTitleOf, normalizeTitle, queryWords, suggestionSentence } from '../../contract/card-query';
import { canonicalGrade } from '../../contract/grades';
import type { MarketReader, SaleFilter } from '../store/market-reader';
import { DAY_MS } from '../store/time';
import { AnalyticsError } from './analytics-error';
import { type CardCatalogue, type CardScope, inScope, requireLabel } from './card-scope';
import type { CatalogueWords } from './catalogue-words';
import { BUCKETS_FROM_ROWS, type GradeSummaries, groupedSummaries, summarizeRows } from './grade-groups';
import { rewriteWords } from './query-rewrites';
import {
  anySale,
  centsBounds,
  gatherSample,
  type SaleColumns,
  type SaleSample,
  windowRows,
} from './sale-columns';

/**
 * The first step of every q-driven operation: resolve q against the card catalogue (FTS5, whole
 * words in any order; or, for a q in double quotes, the exact title), then gather those cards'
 * sales in a window ending at the store's as-of time from the in-memory sale columns.
 */
export interface SaleSelection extends CardScope {
  grade?: string | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
}

/** What a q-driven operation reads: the store, and the per-data-version columns and vocabulary. */
export interface QueryContext {
  reader: MarketReader;
  asOfMs: number;
  columns: SaleColumns;
  words: CatalogueWords;
  /** Every card: the category and label filters. */
  catalogue: CardCatalogue;
  /** The cards q names, remembered for this data version (`cardMatches`). */
  matches: CardMatches;
}

/** The card ids q names: every word in the title, or the exact title; none is an empty list. */
export async function matchingCards(reader: MarketReader, q: string): Promise<number[]> {
  const words = queryWords(q);
  const ids = await reader.matchCards(words);
  const exact = exactTitleOf(q);
  if (exact === null || ids.length === 0) return ids;
  return (await reader.cards(ids))
    .filter((card) => normalizeTitle(card.title) === exact)
    .map((card) => card.id);
}

/** The card ids q names (`matchingCards`), shared by every caller: never changed. */
export type CardMatches = (q: string) => Promise<number[]>;

/** How many queries' matches `cardMatches` keeps. */
const MATCHES_KEPT = 256;

/**
 * `matchingCards` of one data version (make a new one for each), remembering the last
 * MATCHES_KEPT queries by their words: the cards, value, history and sold of one query (a card
 * page asks several) and the same broad word asked again read the catalogue once. A failed read
 * is not kept.
 */
export function cardMatches(reader: MarketReader): CardMatches {
  const kept = new Map<string, Promise<number[]>>();
  return (q) => {
    const exact = exactTitleOf(q);
    const key = exact === null ? queryWords(q).join(' ') : `"${exact}`;
    let ids = kept.get(key);
    if (ids === undefined) {
      ids = matchingCards(reader, q);
      const promise = ids;
      promise.catch(() => {
        if (kept.get(key) === promise) kept.delete(key);
      });
    } else {
      kept.delete(key);
    }
    // Most recently asked last: the first key is the one to forget.
    kept.set(key, ids);
    if (kept.size > MATCHES_KEPT) kept.delete(kept.keys().next().value as string);
    return ids;
  };
}

/**
 * The card ids q names inside the scope (`category`, `label`); a label that no card of the
 * catalogue (of the category) carries is no_match, its hint naming the nearest label.
 */
export async function scopedCards(context: QueryContext, q: string, scope: CardScope): Promise<number[]> {
  requireLabel(context.catalogue, scope);
  return inScope(context.catalogue, await context.matches(q), scope);
}

/** The store's as-of time (latest sale); no_match when the store has no sales at all. */
export function requireAsOf(asOfMs: number | null): number {
  if (asOfMs === null) {
    throw new AnalyticsError(
      'no_match',
      'The store has no sales yet. Import sales (npm run ingest -- sales FILE) or seed the demo market.',
    );
  }
  return asOfMs;
}

/** The filter of the window (asOf - days, asOf], with the grade and price filters. */
export function windowFilter(asOfMs: number, days: number, selection: SaleSelection): SaleFilter {
  return {
    afterMs: asOfMs - days * DAY_MS,
    untilMs: asOfMs,
    grade: selection.grade,
    minPrice: selection.minPrice,
    maxPrice: selection.maxPrice,
  };
}

/** The sales of the cards in (asOf - days, asOf] with the filters, in ascending price order. */
export function sampleInWindow(
  context: QueryContext,
  cardIds: readonly number[],
  days: number,
  selection: SaleSelection,
): SaleSample {
  return gatherSample(
    context.columns,
    cardIds,
    windowFilter(context.asOfMs, days, selection),
    context.reader.gradeOfCode(),
    gradeCodeOf(context, selection),
  );
}

/**
 * The summaries, per grade and overall (null: no sale), of the cards' sales in (asOf - days, asOf]
 * with the filters, straight from the sale columns (grade-groups.ts, `summarizeRows`); with `only`,
 * of the grade codes flagged there and without the overall one.
 */
export function summariesInWindow(
  context: QueryContext,
  cardIds: readonly number[],
  days: number,
  selection: SaleSelection,
  only?: Uint8Array,
): GradeSummaries {
  const filter = windowFilter(context.asOfMs, days, selection);
  const gradeCode = gradeCodeOf(context, selection);
  const rows = windowRows(context.columns, cardIds, filter.afterMs, filter.untilMs);
  const gradeOfCode = context.reader.gradeOfCode();
  return (
    (rows.rows >= BUCKETS_FROM_ROWS
      ? summarizeRows(
          context.columns.priceGrade,
          rows,
          { ...centsBounds(filter), gradeCode, only },
          gradeOfCode,
          only === undefined,
        )
      : null) ??
    groupedSummaries(gatherSample(context.columns, cardIds, filter, gradeOfCode, gradeCode, only), only)
  );
}

/** The selection's grade as its code; null for every grade (a grade the store lacks is -1: no sale). */
export function gradeCodeOf(context: QueryContext, selection: SaleSelection): number | null {
  return selection.grade === undefined ? null : context.reader.gradeOfCode().indexOf(selection.grade);
}

/** A window other than the last `days` days (/v1/history's range), and how a hint names it. */
export interface SaleRange {
  afterMs: number;
  untilMs: number;
  text: string;
}

/** True when the cards have at least one sale in the window with the filters. */
function hasSale(
  context: QueryContext,
  cardIds: readonly number[],
  days: number,
  selection: SaleSelection,
  range: SaleRange | undefined,
) {
  const filter = windowFilter(context.asOfMs, days, selection);
  if (range !== undefined) {
    filter.afterMs = range.afterMs;
    filter.untilMs = range.untilMs;
  }
  return anySale(context.columns, cardIds, filter, gradeCodeOf(context, selection));
}

/**
 * The no_match of a q-driven operation: no card matches q, or none sold in the window. The hint
 * names a query that does match on the same operation and window (decisions.md, "Free-text card
 * query"): q as the catalogue writes it (corrections and collector shorthand applied, query-
 * rewrites.ts), else that with words dropped (`suggestQuery`).
 */
export async function noMatchError(
  context: QueryContext,
  q: string,
  days: number,
  selection: SaleSelection,
  cardsMatched: boolean,
  range?: SaleRange,
): Promise<AnalyticsError> {
  const exact = exactTitleOf(q) !== null;
  // An exact title that matched a card names the card: the hint keeps it (the window that has its
  // sales, or the grade filter dropped), never a looser query whose cards are other cards.
  if (cardsMatched && exact) return exactTitleNoSale(context, q, days, selection, range);
  const typed = queryWords(q);
  // A grade typed into q ("psa 10") belongs in the grade parameter: its words are no part of a title.
  const grade = gradeInWords(typed);
  const words = grade === null ? typed : withoutWords(typed, grade.words);
  const asOfYear = new Date(context.asOfMs).getUTCFullYear();
  const rewritten = rewriteWords(words, context.words, asOfYear);
  // A candidate's cards are those every one of its words matches (FTS5's implicit AND; PostgreSQL's
  // `@>` and phrases): each word is searched once (and remembered with the data version's matches,
  // so a repeated no_match searches nothing), and the up to 40 candidates intersect those lists
  // here instead of making 40 catalogue searches of common words.
  const cardsOf = async (candidate: string[]) =>
    inScope(
      context.catalogue,
      intersectAscending(await Promise.all(candidate.map((word) => context.matches(word)))),
      selection,
    );
  const matches = async (candidate: string[]) =>
    hasSale(context, await cardsOf(candidate), days, selection, range);
  const suggestion = await suggestQuery([rewritten.words, ...rewritten.alternates], matches, (word) =>
    context.words.count(word),
  );
  const filters = filterParts(selection);
  const filterText = filters.length > 0 ? ` with ${filters.join(', ')}` : '';
  const unknown = words.filter((word) => !context.words.has(word));
  const parts: string[] = [];
  if (cardsMatched) {
    parts.push(
      `Cards match "${q.trim()}" but none sold ${range?.text ?? `in the last ${days} days`}${filterText}.`,
    );
  } else if (exact && unknown.length === 0) {
    parts.push(`No card title is exactly ${q.trim()}.`);
  } else if (filters.length > 0 && (selection.category !== undefined || selection.label !== undefined)) {
    parts.push(`No card${filterText} has a title with all of the words of "${q}".`);
  } else {
    parts.push(`No card title contains all of the words of "${q}".`);
  }
  if (grade !== null && selection.grade === undefined) {
    parts.push(`"${grade.text}" is a grade, not part of a card title: send it as grade=${grade.canonical}.`);
  }
  const used = (into: string[]) => suggestion !== null && into.every((word) => suggestion.includes(word));
  for (const rewrite of rewritten.rewrites.slice(0, 3)) {
    const into = rewrite.into.join(' ');
    if (rewrite.kind === 'correction')
      parts.push(`"${rewrite.word}" is in no card title; did you mean "${into}"?`);
    else if (!used(rewrite.into)) continue;
    else if (rewrite.kind === 'shorthand') parts.push(`"${rewrite.word}" is read as "${into}".`);
    else parts.push(`"${rewrite.word}" is read as the year ${into}.`);
  }
  for (const word of rewritten.dropped.slice(0, 3)) parts.push(`"${word}" is in no card title.`);
  if (suggestion !== null) parts.push(suggestionSentence(suggestion));
  else if (filters.length > 0) parts.push('Drop a filter, or try another word of the card title.');
  else parts.push('Try another word of the card title, such as a player or set name.');
  // Cards matched: "none sold with these filters" is an answer about sales, so it spends a call.
  return new AnalyticsError('no_match', parts.join(' '), cardsMatched);
}

/** The filters of a no_match, as its hint names them. */
function filterParts(selection: SaleSelection): string[] {
  return [
    selection.category !== undefined ? `category ${selection.category}` : null,
    selection.label !== undefined ? `label ${selection.label}` : null,
    selection.grade ? `grade ${selection.grade}` : null,
    selection.minPrice !== undefined ? `min_price ${selection.minPrice}` : null,
    selection.maxPrice !== undefined ? `max_price ${selection.maxPrice}` : null,
  ].filter((part) => part !== null);
}

/** Windows a hint may offer an exact title that did not sell in the one asked for (`days`). */
const WIDER_WINDOWS = [7, 30, 90, 180, 365];
const YEAR_DAYS = 365;

/**
 * The no_match of an exact title that matched a card but sold in none of the window and filters:
 * the narrowest wider window with a sale, else the same window without the grade, else that it has
 * no sale in 365 days. Spends a call (an answer about the card's sales).
 */
async function exactTitleNoSale(
  context: QueryContext,
  q: string,
  days: number,
  selection: SaleSelection,
  range: SaleRange | undefined,
): Promise<AnalyticsError> {
  const title = q.trim();
  const ids = await scopedCards(context, q, selection);
  const filters = filterParts(selection);
  const filterText = filters.length > 0 ? ` with ${filters.join(', ')}` : '';
  const parts = [`${title} has no sale ${range?.text ?? `in the last ${days} days`}${filterText}.`];
  const wider =
    range === undefined
      ? WIDER_WINDOWS.find((w) => w > days && hasSale(context, ids, w, selection, undefined))
      : undefined;
  const ungraded = { ...selection, grade: undefined };
  if (wider !== undefined) parts.push(`It sold within ${wider} days: send days=${wider}.`);
  else if (selection.grade && hasSale(context, ids, days, ungraded, range))
    parts.push(`It sold in other grades in that time: send no grade, or one of theirs.`);
  else if (range === undefined && days < YEAR_DAYS && !hasSale(context, ids, YEAR_DAYS, ungraded, undefined))
    parts.push(`It has no sale in the last ${YEAR_DAYS} days.`);
  return new AnalyticsError('no_match', parts.join(' '), true);
}

/** The ids in every one of the ascending lists (none for no list), ascending. */
export function intersectAscending(lists: readonly (readonly number[])[]): number[] {
  if (lists.length === 0) return [];
  const sorted = [...lists].sort((a, b) => a.length - b.length);
  let common = sorted[0] as readonly number[];
  for (const list of sorted.slice(1)) {
    const kept: number[] = [];
    let j = 0;
    for (const id of common) {
      while (j < list.length && (list[j] as number) < id) j += 1;
      if (j === list.length) break;
      if (list[j] === id) kept.push(id);
    }
    common = kept;
    if (common.length === 0) break;
  }
  return [...common];
}

/** The words without one occurrence of each of `drop`. */
function withoutWords(words: string[], drop: string[]): string[] {
  const left = [...words];
  for (const word of drop) {
    const at = left.indexOf(word);
    if (at >= 0) left.splice(at, 1);
  }
  return left;
}

/** A grade typed among the words of q ("charizard psa 10"), which belongs in the grade parameter. */
function gradeInWords(words: string[]): { text: string; canonical: string; words: string[] } | null {
  for (let i = 0; i < words.length; i += 1) {
    const pair = words.slice(i, i + 2);
    for (const candidate of [pair.join(' '), words[i] as string]) {
      const canonical = canonicalGrade(candidate);
      if (canonical !== null && canonical !== 'Raw') {
        return { text: candidate, canonical, words: candidate.split(' ') };
      }
    }
  }
  return null;
}

/** At most this many candidate queries are tried for a suggestion (each a catalogue search). */
const MAX_TRIES = 40;

/**
 * One turn of the event loop: a suggestion of many tries on a long q (tens of ms on the full demo
 * market) then never holds other requests for more than one try, and a broad question's steps
 * (gather, summaries, cells) let other requests in between them.
 */
export const yieldToEventLoop = () => new Promise<void>((done) => setImmediate(done));

/**
 * Questions of fewer sales than this (in the window their steps walk) do not yield between
 * steps: all their steps together take a few ms at most, and the turns would cost more than they
 * give (docs/data-model.md, "Sale columns").
 */
export const YIELD_FROM_SALES = 10_000;

/** Yields to the event loop between the steps of a question of `sales` sales, if it is big enough to need it. */
export const yieldIfLarge = (sales: number): Promise<void> | undefined =>
  sales >= YIELD_FROM_SALES ? yieldToEventLoop() : undefined;

/**
 * The query to suggest: the first of `queries` (q as the catalogue writes it, then with synonyms
 * swapped) that matches; else the longest that matches with words of the first dropped, the
 * commonest words first, keeping the word fewest titles contain (the one that identifies the card:
 * "charizard", not "base" or "set") unless nothing matches with it. Null when no such query
 * matches within the tries.
 */
export async function suggestQuery(
  queries: string[][],
  matches: (candidate: string[]) => Promise<boolean>,
  titlesWith: (word: string) => number,
): Promise<string[] | null> {
  const words = queries[0] ?? [];
  if (words.length === 0) return null;
  let tries = 0;
  for (const query of queries) {
    if (tries > 0) await yieldToEventLoop();
    tries += 1;
    if (await matches(query)) return query;
  }
  const counts = words.map(titlesWith);
  let rarest = 0;
  counts.forEach((count, i) => {
    if (count < (counts[rarest] as number)) rarest = i;
  });
  // First keeping the rarest word, then (nothing found) any word.
  for (const keep of [rarest, -1]) {
    const droppable = words.map((_, i) => i).filter((i) => i !== keep);
    for (let size = 1; size < words.length && tries < MAX_TRIES; size += 1) {
      // The drops of this size, those of the commonest words first (they say least about the card).
      const drops = combinations(droppable, size)
        .map((drop) => ({
          drop,
          weight: drop.reduce((sum, i) => sum + Math.log(1 + (counts[i] as number)), 0),
        }))
        .sort((a, b) => b.weight - a.weight);
      for (const { drop } of drops) {
        if (tries >= MAX_TRIES) break;
        if (keep === -1 && drop.includes(rarest) === false) continue; // tried in the first round
        tries += 1;
        const candidate = words.filter((_, i) => !drop.includes(i));
        // Each try is a catalogue search or two: let other requests in between.
        await yieldToEventLoop();
        if (await matches(candidate)) return candidate;
      }
    }
  }
  return null;
}

/** Every subset of `items` of `size` elements, in order. */
function combinations(items: number[], size: number): number[][] {
  if (size === 0) return [[]];
  const out: number[][] = [];
  items.forEach((item, i) => {
    for (const rest of combinations(items.slice(i + 1), size - 1)) out.push([item, ...rest]);
  });
  return out;
}
