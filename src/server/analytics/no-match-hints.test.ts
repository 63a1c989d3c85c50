import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suggestedQueryOf } from '../../contract/card-query';
import { TEST_STORES, type TestStore } from '../store/testing/test-stores';
import { AnalyticsError } from './analytics-error';
import { writeTempFile } from './testing/hand-market';
import { type BoundOperations, operationsOn } from './testing/operations-on';

/**
 * The no_match hints of issue 24 on a hand-made catalogue, loaded through the ingest path: each
 * suggestion is written out here and checked to match on the same operation.
 */
const AS_OF = Date.parse('2026-07-01T12:00:00Z');
const ago = (days: number) => new Date(AS_OF - days * 86_400_000).toISOString();

/** [category, label, title, grade, price, days ago] */
const SALES: [string, string, string, string, number, number][] = [
  ['basketball', 'Fleer', '1986 Fleer Michael Jordan #57 RC', 'PSA 8', 11_000, 3],
  ['basketball', 'Fleer', '1986 Fleer Michael Jordan #57 RC', 'PSA 9', 24_000, 0],
  ['basketball', 'Fleer', '1986 Fleer Charles Barkley #7 RC', 'PSA 9', 300, 5],
  ['basketball', 'Fleer', '1996 Fleer Kobe Bryant #203 RC', 'PSA 9', 400, 6],
  ['football', 'Upper Deck', '2001 Upper Deck Michael Vick #86 RC', 'PSA 9', 90, 4],
  ['football', 'Panini Prizm', '2012 Panini Prizm J.J. Watt #1', 'PSA 10', 60, 2],
  ['basketball', 'Panini Prizm', '2023 Panini Prizm Victor Wembanyama #136 RC', 'PSA 10', 80, 1],
  ['baseball', 'Upper Deck', '1989 Upper Deck Ken Griffey Jr. #1 Star Rookie', 'PSA 9', 300, 2],
  ['pokemon', 'Base Set', '1999 Pokemon Base Set Charizard Holo #4', 'PSA 9', 2_300, 1],
  ['pokemon', 'Base Set', '1999 Pokemon Base Set Shadowless Charizard Holo #4', 'PSA 9', 10_000, 8],
  ['pokemon', 'Base Set', '1999 Pokemon Base Set 1st Edition Charizard Holo #4', 'PSA 10', 330_000, 9],
  ['pokemon', 'Base Set', '1999 Pokemon Base Set 1st Edition Gyarados Holo #6', 'PSA 9', 900, 3],
  ['pokemon', 'Base Set', '1999 Pokemon Base Set 1st Edition Machamp Holo #8', 'PSA 9', 150, 4],
  ['pokemon', 'Base Set', '1999 Pokemon Base Set 1st Edition Pikachu #58', 'PSA 9', 400, 6],
  ['pokemon', 'Base Set', '1999 Pokemon Base Set Blastoise Holo #2', 'PSA 9', 700, 7],
];

function salesCsv(): string {
  const lines = ['source_id,sold_at,category,label,title,grade,price'];
  SALES.forEach(([category, label, title, grade, price, days], i) => {
    lines.push([`hint-${i}`, ago(days), category, label, title, grade, price].join(','));
  });
  return `${lines.join('\n')}\n`;
}

async function hintOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(AnalyticsError);
    expect((error as AnalyticsError).code).toBe('no_match');
    return (error as AnalyticsError).hint;
  }
  throw new Error('expected no_match');
}

describe.each(TEST_STORES)('no_match hints on the $kind store', ({ open }) => {
  let opened: TestStore;
  let analytics: BoundOperations;
  beforeAll(async () => {
    opened = await open();
    const result = await opened.store.ingestFile('sales', writeTempFile('sales.csv', salesCsv()));
    expect(result.badRows).toBe(0);
    analytics = operationsOn(opened.store.reader);
  });
  afterAll(() => opened.close());

  /** The hint of q on /v1/value (with a grade), its suggestion checked to answer on the same call. */
  async function suggestionFor(
    q: string,
    grade?: string,
  ): Promise<{ hint: string; suggested: string | null }> {
    const run = (query: string) => analytics.value(grade ? { q: query, grade } : { q: query });
    const hint = await hintOf(() => run(q));
    const suggested = suggestedQueryOf(hint);
    if (suggested !== null) await expect(run(suggested), `${q} -> ${suggested}`).resolves.toBeDefined();
    return { hint, suggested };
  }

  it('applies a did-you-mean correction to the suggested query instead of dropping the word', async () => {
    const jordon = await suggestionFor('michael jordon fleer');
    expect(jordon.hint).toContain('"jordon" is in no card title; did you mean "jordan"?');
    expect(jordon.suggested).toBe('michael jordan fleer');
    const charzard = await suggestionFor('charzard');
    expect(charzard.hint).toContain('did you mean "charizard"?');
    expect(charzard.suggested).toBe('charizard');
  });

  it('keeps the word that identifies the card when the grade has no sale: charizard, not "1st edition base set"', async () => {
    // The 1st Edition Charizard sold only in PSA 10: drop "1st edition" (its other printings sold a
    // PSA 9), never "charizard" (which would offer the 1st Edition Gyarados, Machamp, Pikachu).
    const { hint, suggested } = await suggestionFor('charizard 1st edition base set', 'PSA 9');
    expect(hint).toContain(
      'Cards match "charizard 1st edition base set" but none sold in the last 365 days with grade PSA 9.',
    );
    expect(suggested).toBe('charizard base set');
  });

  it('reads collector shorthand: mj, wemby, 1st ed, a year as 86, rc where titles say Rookie', async () => {
    const mjFleer = await suggestionFor('mj fleer rc');
    expect(mjFleer.hint).toContain('"mj" is read as "michael jordan".');
    expect(mjFleer.hint).not.toContain('did you mean "j"');
    expect(mjFleer.suggested).toBe('michael jordan fleer rc');
    expect((await suggestionFor('mj')).suggested).toBe('michael jordan');
    const wemby = await suggestionFor('wemby');
    expect(wemby.hint).toContain('"wemby" is read as "wembanyama".');
    expect(wemby.suggested).toBe('wembanyama');
    expect((await suggestionFor('charizard 1st ed')).suggested).toBe('charizard 1st edition');
    // "86" is a card number here (the Vick #86), yet no Jordan is #86: read as the year.
    const year = await suggestionFor('86 fleer jordan');
    expect(year.hint).toContain('"86" is read as the year 1986.');
    expect(year.suggested).toBe('1986 fleer jordan');
    const rookie = await suggestionFor('griffey rc');
    expect(rookie.hint).toContain('"rc" is read as "rookie".');
    expect(rookie.suggested).toBe('griffey rookie');
  });

  it('keeps an exact title that sold outside the window: the window with its sales, never a looser query', async () => {
    const title = '"1999 Pokemon Base Set 1st Edition Charizard Holo #4"';
    // Its one sale: PSA 10, 9 days ago. In 7 days none; 30 is the narrowest wider window with it.
    const error = await analytics.sold({ q: title, grade: 'PSA 10', days: 7 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnalyticsError);
    expect((error as AnalyticsError).spendsCall).toBe(true);
    expect((error as AnalyticsError).hint).toBe(
      `${title} has no sale in the last 7 days with grade PSA 10. It sold within 30 days: send days=30.`,
    );
    expect(suggestedQueryOf((error as AnalyticsError).hint)).toBeNull();
    await expect(analytics.sold({ q: title, grade: 'PSA 10', days: 30 })).resolves.toBeDefined();
    // No PSA 9 of it in 365 days, but a sale in the window in another grade.
    expect(await hintOf(() => analytics.sold({ q: title, grade: 'PSA 9', days: 30 }))).toBe(
      `${title} has no sale in the last 30 days with grade PSA 9. It sold in other grades in that time: send no grade, or one of theirs.`,
    );
    // On value (365 days, no wider window) the same card in PSA 9: the other grades.
    expect(await hintOf(() => analytics.value({ q: title, grade: 'PSA 9' }))).toBe(
      `${title} has no sale in the last 365 days with grade PSA 9. It sold in other grades in that time: send no grade, or one of theirs.`,
    );
  });

  it('never suggests a query that is itself no_match, on sold and value alike', async () => {
    const typed = [
      'michael jordon fleer',
      'charzard',
      'mj fleer rc',
      'wemby',
      'mj',
      '86 fleer jordan',
      'zard 1st ed',
    ];
    let followed = 0;
    for (const q of typed) {
      for (const run of [
        (query: string) => analytics.sold({ q: query, days: 5 }),
        (query: string) => analytics.enrichedValue({ q: query, grade: 'PSA 9' }),
      ]) {
        const hint = await hintOf(() => run(q)).catch(() => null);
        if (hint === null) continue;
        const suggested = suggestedQueryOf(hint);
        if (suggested === null) continue;
        await expect(run(suggested), `${q} -> ${suggested}`).resolves.toBeDefined();
        followed += 1;
      }
    }
    expect(followed).toBeGreaterThan(8);
  });
});
