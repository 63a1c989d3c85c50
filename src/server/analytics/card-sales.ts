import { exactTitleOf, normalizeTitle, queryWords, suggestionSentence } from '../../contract/card-query';
import { canonicalGrade } from '../../contract/grades';
import type { MarketReader, SaleFilter } from '../store/market-reader';
import { DAY_MS } from '../store/time';
import { AnalyticsError } from './analytics-error';
import type { CatalogueWords } from './catalogue-words';
import { anySale, gatherSample, type SaleColumns, type SaleSample } from './sale-columns';

/**
 * The first step of every q-driven operation: resolve q against the card catalogue (FTS5, whole
 * words in any order; or, for a q in double quotes, the exact title), then gather those cards'
 * sales in a window ending at the store's as-of time from the in-memory sale columns.
 */
export interface SaleSelection {
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

/** The selection's grade as its code; null for every grade (a grade the store lacks is -1: no sale). */
function gradeCodeOf(context: QueryContext, selection: SaleSelection): number | null {
  return selection.grade === undefined ? null : context.reader.gradeOfCode().indexOf(selection.grade);
}

/** True when the cards have at least one sale in the window with the filters. */
function hasSale(context: QueryContext, cardIds: readonly number[], days: number, selection: SaleSelection) {
  const filter = windowFilter(context.asOfMs, days, selection);
  return anySale(context.columns, cardIds, filter, gradeCodeOf(context, selection));
}

/**
 * The no_match of a q-driven operation: no card matches q, or none sold in the window. The hint
 * names a query that does match on the same operation and window (decisions.md, "Free-text card
 * query"), and the nearest catalogue word for a word that no title contains.
 */
export async function noMatchError(
  context: QueryContext,
  q: string,
  days: number,
  selection: SaleSelection,
  cardsMatched: boolean,
): Promise<AnalyticsError> {
  const typed = queryWords(q);
  // A grade typed into q ("psa 10") belongs in the grade parameter: its words are no part of a title.
  const grade = gradeInWords(typed);
  const words = grade === null ? typed : withoutWords(typed, grade.words);
  const unknown = words.filter((word) => !context.words.has(word));
  const matches = async (candidate: string[]) =>
    hasSale(context, await context.reader.matchCards(candidate), days, selection);
  // An exact title that names no card, or q with a grade in it: first the title words as they are.
  const reworded = exactTitleOf(q) !== null || grade !== null;
  const suggestion =
    words.length === 0
      ? null
      : reworded && unknown.length === 0 && (await matches(words))
        ? words
        : await suggestQuery(
            words,
            unknown,
            matches,
            async (candidate) => (await context.reader.matchCards(candidate)).length,
          );
  const filters = [
    selection.grade ? `grade ${selection.grade}` : null,
    selection.minPrice !== undefined ? `min_price ${selection.minPrice}` : null,
    selection.maxPrice !== undefined ? `max_price ${selection.maxPrice}` : null,
  ].filter((part) => part !== null);
  const filterText = filters.length > 0 ? ` with ${filters.join(', ')}` : '';
  const parts: string[] = [];
  if (cardsMatched) {
    parts.push(`Cards match "${q}" but none sold in the last ${days} days${filterText}.`);
  } else if (exactTitleOf(q) !== null && unknown.length === 0) {
    parts.push(`No card title is exactly ${q.trim()}.`);
  } else {
    parts.push(`No card title contains all of the words of "${q}".`);
  }
  if (grade !== null && selection.grade === undefined) {
    parts.push(`"${grade.text}" is a grade, not part of a card title: send it as grade=${grade.canonical}.`);
  }
  for (const word of unknown.slice(0, 3)) {
    const near = context.words.nearest(word);
    parts.push(
      near === null
        ? `"${word}" is in no card title.`
        : `"${word}" is in no card title; did you mean "${near}"?`,
    );
  }
  if (suggestion !== null) parts.push(suggestionSentence(suggestion));
  else if (filters.length > 0) parts.push('Drop a filter, or try another word of the card title.');
  else parts.push('Try another word of the card title, such as a player or set name.');
  // Cards matched: "none sold with these filters" is an answer about sales, so it spends a call.
  return new AnalyticsError('no_match', parts.join(' '), cardsMatched);
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
 * market) then never holds other requests for more than one try.
 */
const breathe = () => new Promise<void>((done) => setImmediate(done));

/**
 * The longest query that matches: q without the words no title contains; failing that, q with
 * words dropped one at a time (at each step the drop that leaves the most matching cards, so the
 * search keeps to queries a catalogue holds). Null when nothing short of an empty query matches.
 */
export async function suggestQuery(
  words: string[],
  unknown: string[],
  matches: (candidate: string[]) => Promise<boolean>,
  cardCount: (candidate: string[]) => Promise<number>,
): Promise<string[] | null> {
  let tries = 0;
  const known = words.filter((word) => !unknown.includes(word));
  let current = known.length > 0 ? known : words;
  if (unknown.length > 0 && known.length > 0) {
    tries += 1;
    if (await matches(known)) return known;
  }
  while (current.length > 1 && tries < MAX_TRIES) {
    let best: { words: string[]; cards: number } | null = null;
    for (let drop = current.length - 1; drop >= 0 && tries < MAX_TRIES; drop -= 1) {
      const candidate = current.filter((_, i) => i !== drop);
      tries += 1;
      // Each try is a catalogue search or two: let other requests in between (issue 29).
      await breathe();
      if (await matches(candidate)) return candidate;
      const cards = await cardCount(candidate);
      if (best === null || cards > best.cards) best = { words: candidate, cards };
    }
    if (best === null) break;
    current = best.words;
  }
  return null;
}
