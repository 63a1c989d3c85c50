import type { CatalogueWords } from './catalogue-words';

/**
 * Collector shorthand read into the catalogue's words, for the suggestion of a no_match hint only:
 * q itself still matches word for word (decisions.md, "Free-text card query"), and a hint names
 * the expanded query as a link to follow (docs/api.md, "Hints").
 */
const SHORTHAND = new Map<string, string[]>([
  ['mj', ['michael', 'jordan']],
  ['wemby', ['wembanyama']],
  ['lbj', ['lebron', 'james']],
  ['zard', ['charizard']],
  ['first', ['1st']],
]);

/** Words titles write either way: a title says RC or Rookie, never both. */
// Maps, not objects: a word of q such as `constructor` must not find an inherited member.
const SYNONYMS = new Map<string, string>([
  ['rc', 'rookie'],
  ['rookie', 'rc'],
]);

/** How a word of q was read: a correction, a shorthand expansion, or a two-digit year. */
export interface Rewrite {
  word: string;
  into: string[];
  kind: 'correction' | 'shorthand' | 'year';
}

/**
 * The words of a no_match q as the catalogue writes them, and how each changed: a word no title
 * contains becomes its shorthand expansion (`mj` -> `michael jordan`, `1st ed` -> `1st edition`,
 * `rookie` -> `rc` where titles say RC), else its nearest catalogue word (`jordon` -> `jordan`),
 * else it is dropped; a two-digit number becomes its year (`86` -> `1986`) where titles have that
 * year. An expansion is used only when every word of it is a catalogue word. `alternates` are the
 * same words with one synonym swapped (`rc` for `rookie`) or one year back as typed (a card #86),
 * to try next.
 */
export function rewriteWords(
  words: readonly string[],
  catalogue: CatalogueWords,
  asOfYear: number,
): { words: string[]; alternates: string[][]; rewrites: Rewrite[]; dropped: string[] } {
  const out: string[] = [];
  const rewrites: Rewrite[] = [];
  const dropped: string[] = [];
  const swaps: [at: number, into: string][] = [];
  const known = (list: readonly string[]) => list.every((word) => catalogue.has(word));
  words.forEach((word, i) => {
    // "1st ed": "ed" after "1st" is the edition, whatever else it might be (Ed Reed).
    if (word === 'ed' && words[i - 1] === '1st' && catalogue.has('edition') && !words.includes('edition')) {
      out.push('edition');
      rewrites.push({ word: '1st ed', into: ['1st', 'edition'], kind: 'shorthand' });
      return;
    }
    const year = yearOf(word, asOfYear);
    if (year !== null && catalogue.has(year) && !words.includes(year)) {
      // A number titles also hold (a card #86) is tried as typed next.
      if (catalogue.has(word)) swaps.push([out.length, word]);
      out.push(year);
      rewrites.push({ word, into: [year], kind: 'year' });
      return;
    }
    const synonym = SYNONYMS.get(word);
    if (synonym !== undefined && catalogue.has(synonym) && !words.includes(synonym)) {
      rewrites.push({ word, into: [synonym], kind: 'shorthand' });
      if (!catalogue.has(word)) {
        out.push(synonym);
        return;
      }
      swaps.push([out.length, synonym]);
    }
    if (catalogue.has(word)) {
      out.push(word);
      return;
    }
    const shorthand = SHORTHAND.get(word);
    if (shorthand && known(shorthand)) {
      out.push(...shorthand.filter((expanded) => !out.includes(expanded) && !words.includes(expanded)));
      rewrites.push({ word, into: shorthand, kind: 'shorthand' });
      return;
    }
    const near = catalogue.nearest(word);
    if (near !== null) {
      out.push(near);
      rewrites.push({ word, into: [near], kind: 'correction' });
      return;
    }
    dropped.push(word);
  });
  const alternates = swaps.map(([at, into]) => out.map((word, i) => (i === at ? into : word)));
  return { words: out, alternates, rewrites, dropped };
}

/**
 * A two-digit year as collectors write it (`86`, `03`): the year within a century up to next year.
 * Not `10`, which is more likely a grade typed without its grader.
 */
function yearOf(word: string, asOfYear: number): string | null {
  if (!/^\d\d$/.test(word) || word === '10') return null;
  const short = Number(word);
  const century = short <= (asOfYear + 1) % 100 ? 2000 : 1900;
  return String(century + short);
}
