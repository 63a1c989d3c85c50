import { exactTitleOf } from '../../../contract/card-query';
import { canonicalGrade } from '../../../contract/grades';

/**
 * The card field as a collector types it: "charizard base set psa 10" means the card "charizard
 * base set" in grade PSA 10, and "rookie" or "opc" are how titles say "RC" and "O-Pee-Chee". The
 * API matches words of titles, so before a search is sent the grade words move to the grade field
 * and the shorthand is written as titles write it; the form says what it changed. An exact title
 * (in double quotes) is sent as typed.
 */
export type QueryChange =
  | { kind: 'grade'; from: string; to: string }
  | { kind: 'shorthand'; from: string; to: string };

/** Collector shorthand -> the words titles use (each key is matched as whole words, case-insensitively). */
export const SHORTHAND: ReadonlyArray<{ words: readonly string[]; title: string }> = [
  { words: ['rookie', 'card'], title: 'RC' },
  { words: ['rookie'], title: 'RC' },
  { words: ['rookies'], title: 'RC' },
  { words: ['opc'], title: 'O-Pee-Chee' },
  { words: ['first', 'edition'], title: '1st Edition' },
  { words: ['1st', 'ed'], title: '1st Edition' },
  { words: ['holographic'], title: 'Holo' },
];

const tokens = (q: string): string[] => q.trim().split(/\s+/).filter(Boolean);
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The grade named in q (`psa 10`, `psa10`, `PSA-10`, `raw`), and q without it; null when there is none. */
export function extractGrade(q: string): { q: string; grade: string; typed: string } | null {
  if (exactTitleOf(q) !== null) return null;
  const words = tokens(q);
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    const next = words[index + 1];
    // A grader and its number as two words first ("psa 10"), then one word ("psa10", "raw").
    const pair = next === undefined ? null : canonicalGrade(`${word} ${next}`);
    const single = /^(raw|ungraded)$/i.test(word) || /\d/.test(word) ? canonicalGrade(word) : null;
    const grade = pair ?? single;
    if (grade === null) continue;
    const length = pair !== null ? 2 : 1;
    const rest = [...words.slice(0, index), ...words.slice(index + length)];
    if (rest.length === 0) return null; // the grade alone is not a card
    return { q: rest.join(' '), grade, typed: words.slice(index, index + length).join(' ') };
  }
  return null;
}

/** q with collector shorthand written as titles write it, and what was replaced. */
export function expandShorthand(q: string): { q: string; changes: QueryChange[] } {
  if (exactTitleOf(q) !== null) return { q, changes: [] };
  const words = tokens(q);
  const out: string[] = [];
  const changes: QueryChange[] = [];
  for (let index = 0; index < words.length; ) {
    const entry = SHORTHAND.find(({ words: keys }) =>
      keys.every((key, offset) => words[index + offset] !== undefined && same(words[index + offset]!, key)),
    );
    if (entry === undefined) {
      out.push(words[index]!);
      index += 1;
      continue;
    }
    const from = words.slice(index, index + entry.words.length).join(' ');
    out.push(entry.title);
    changes.push({ kind: 'shorthand', from, to: entry.title });
    index += entry.words.length;
  }
  return { q: changes.length === 0 ? q : out.join(' '), changes };
}

/**
 * The search a form sends for what was typed: grade words moved to an empty grade field (or one
 * that names the same grade), then the shorthand expanded. `changes` is what the form tells the user.
 */
export function collectorSearch<T extends { q: string; grade: string }>(
  draft: T,
): { search: T; changes: QueryChange[] } {
  const changes: QueryChange[] = [];
  let { q, grade } = draft;
  const found = extractGrade(q);
  if (found !== null && (grade.trim() === '' || canonicalGrade(grade) === found.grade)) {
    q = found.q;
    grade = found.grade;
    changes.push({ kind: 'grade', from: found.typed, to: found.grade });
  }
  const expanded = expandShorthand(q);
  changes.push(...expanded.changes);
  return { search: { ...draft, q: expanded.q, grade }, changes };
}

/** One sentence per change, for the line under the form. */
export const changeSentence = (change: QueryChange): string =>
  change.kind === 'grade'
    ? `“${change.from}” moved to the grade field as ${change.to}.`
    : `“${change.from}” searched as “${change.to}”, as titles write it.`;
