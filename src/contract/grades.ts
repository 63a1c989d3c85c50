/**
 * Canonical grades (decisions.md): a grader plus a number in 1..10 in 0.5 steps, or `Raw`.
 * Input is case- and space-insensitive: `psa10`, `PSA-10`, `psa 10` all mean `PSA 10`.
 */
export const GRADERS = ['PSA', 'BGS', 'CGC', 'SGC', 'TAG'] as const;
export type Grader = (typeof GRADERS)[number];
export const RAW_GRADE = 'Raw';

const GRADE_INPUT = /^([a-z]+)[\s\-_]*(\d{1,2}(?:\.\d+)?)?$/;

/** Returns the canonical grade, or null when the text is not a grade. */
export function canonicalGrade(input: string): string | null {
  const text = input.trim().toLowerCase();
  if (text === 'raw' || text === 'ungraded') return RAW_GRADE;
  const match = GRADE_INPUT.exec(text.replace(/\s+/g, ' '));
  if (!match) return null;
  const grader = match[1]?.toUpperCase();
  const numberText = match[2];
  if (!grader || numberText === undefined) return null;
  if (!(GRADERS as readonly string[]).includes(grader)) return null;
  const value = Number(numberText);
  if (!Number.isFinite(value) || value < 1 || value > 10 || (value * 2) % 1 !== 0) return null;
  return `${grader} ${formatGradeNumber(value)}`;
}

const formatGradeNumber = (value: number): string =>
  Number.isInteger(value) ? String(value) : value.toFixed(1);

/** The hint used wherever a grade is refused. */
export const GRADE_HINT =
  'Use a grader and a number from 1 to 10 in steps of 0.5, such as "PSA 10", "BGS 9.5", "CGC 9", "SGC 10", "TAG 8.5", or "Raw" for ungraded cards.';

/**
 * Natural order for a grade ladder: Raw first, then by number ascending, then grader name.
 * So a ladder reads from the cheapest to the most premium grade.
 */
export function compareGrades(a: string, b: string): number {
  const ka = gradeSortKey(a);
  const kb = gradeSortKey(b);
  if (ka.num !== kb.num) return ka.num - kb.num;
  // Grader names are upper-case ASCII: plain comparison, the same order as localeCompare, which
  // loads the browser's collation data on its first call (a task of 90-150 ms on a phone, where
  // grade ladders are sorted on the way to a first screen).
  return ka.grader < kb.grader ? -1 : ka.grader > kb.grader ? 1 : 0;
}

function gradeSortKey(grade: string): { num: number; grader: string } {
  if (grade === RAW_GRADE) return { num: 0, grader: '' };
  const [grader = '', num = '0'] = grade.split(' ');
  return { num: Number(num), grader };
}

/**
 * Every canonical grade, in ladder order (Raw, then by number, then grader), built in that order
 * rather than sorted with compareGrades as the module loads (the value and card pages load it with
 * their first task).
 */
const LADDER_GRADERS = [...GRADERS].sort();
export const GRADE_LADDER: readonly string[] = [
  RAW_GRADE,
  ...Array.from({ length: 19 }, (_, i) => formatGradeNumber(1 + i / 2)).flatMap((number) =>
    LADDER_GRADERS.map((grader) => `${grader} ${number}`),
  ),
];
