import { normalizeTitle } from '../../contract/card-query';
import { canonicalGrade, GRADERS, type Grader, RAW_GRADE } from '../../contract/grades';
import { type BadRow, type IngestOptions, type IngestResult, startIngest } from './ingest-file';
import { INGEST_COLUMNS } from './ingest-kind';
import { EARLIEST_TIME } from './parse-time';
import { readRecords } from './read-records';
import { checkCard, clip, fieldText } from './validate-row';

/** One count of a grader's population report: how many copies of a card it graded at one grade. */
export interface PopulationRow {
  line: number;
  grader: Grader;
  category: string;
  label: string;
  title: string;
  /** The title as exact titles compare (normalizeTitle). */
  titleKey: string;
  /** The canonical grade, of `grader` (`PSA 10`). */
  grade: string;
  population: number;
  /** `YYYY-MM-DD`: the date of the report. */
  asOf: string;
}

const MAX_POPULATION = 100_000_000;

/**
 * How a store keeps a report's count (SQL after `INSERT INTO population (...) VALUES/SELECT ...`,
 * the same on SQLite and PostgreSQL): it replaces the stored count of its title and grade unless
 * the stored report is newer; a count the store already holds changes nothing.
 */
export const POPULATION_UPSERT = `ON CONFLICT (title_key, grade) DO UPDATE SET
    grader = excluded.grader, category = excluded.category, label = excluded.label,
    title = excluded.title, population = excluded.population, as_of = excluded.as_of
  WHERE excluded.as_of > population.as_of
     OR (excluded.as_of = population.as_of
         AND (excluded.population <> population.population OR excluded.title <> population.title
              OR excluded.category <> population.category OR excluded.label <> population.label))`;
const DAY_MS = 86_400_000;

/**
 * Checks one record of a population file (docs/ingest.md, "Population reports"): the grader, the
 * card, a grade of that grader (`PSA 10`, or the number alone), a whole count of copies and the
 * report's date (not before 1900, not after the day after `now`).
 */
export function validatePopulationRecord(
  record: Record<string, unknown>,
  line: number,
  now: number,
): { ok: true; row: PopulationRow } | { ok: false; reasons: string[] } {
  const reasons: string[] = [];
  const text = fieldText(record);

  const graderText = text('grader').toUpperCase();
  const grader = (GRADERS as readonly string[]).includes(graderText) ? (graderText as Grader) : null;
  if (graderText === '') reasons.push('missing grader');
  else if (grader === null)
    reasons.push(`unknown grader "${clip(text('grader'))}" (one of: ${GRADERS.join(', ')})`);

  const card = checkCard(text, reasons);

  const gradeText = text('grade');
  const grade =
    /^\d/.test(gradeText) && grader !== null
      ? canonicalGrade(`${grader} ${gradeText}`)
      : canonicalGrade(gradeText);
  if (gradeText === '') reasons.push('missing grade');
  else if (grade === null || grade === RAW_GRADE)
    reasons.push(`grade "${clip(gradeText)}" is not a grader's grade (such as PSA 10 or BGS 9.5)`);
  else if (grader !== null && !grade.startsWith(`${grader} `))
    reasons.push(`grade "${clip(gradeText)}" is not a grade of ${grader}`);

  const countText = text('population');
  const population = /^\d+$/.test(countText) ? Number(countText) : Number.NaN;
  if (countText === '') reasons.push('missing population');
  else if (!Number.isSafeInteger(population) || population > MAX_POPULATION)
    reasons.push(
      `population "${clip(countText)}" is not a whole number from 0 to ${MAX_POPULATION.toLocaleString('en-US')}`,
    );

  const asOf = text('as_of');
  const asOfMs = /^\d{4}-\d{2}-\d{2}$/.test(asOf) ? Date.parse(`${asOf}T00:00:00Z`) : Number.NaN;
  if (asOf === '') reasons.push('missing as_of');
  else if (Number.isNaN(asOfMs) || new Date(asOfMs).toISOString().slice(0, 10) !== asOf)
    reasons.push(`as_of "${clip(asOf)}" is not a date as YYYY-MM-DD`);
  else if (asOfMs < EARLIEST_TIME || asOfMs > now + DAY_MS)
    reasons.push(`as_of ${asOf} is before 1900 or after tomorrow`);

  if (reasons.length > 0) return { ok: false, reasons };
  return {
    ok: true,
    row: {
      line,
      grader: grader as Grader,
      ...card,
      titleKey: normalizeTitle(card.title),
      grade: grade as string,
      population,
      asOf,
    },
  };
}

/**
 * Reads and checks a whole population file (CSV or NDJSON, as sales files). A (title, grade) given
 * twice is a bad row naming the first line. With any bad row the rows are not returned: a store
 * stores all of a file or none of it.
 */
export async function readPopulationFile(
  path: string,
  options: IngestOptions = {},
): Promise<{ result: IngestResult; rows: PopulationRow[] }> {
  const { result, reportBad } = await startIngest('population', path, options);
  const now = options.now ?? Date.now();
  const rows: PopulationRow[] = [];
  const firstLine = new Map<string, number>();
  for await (const item of readRecords(path, result.format, INGEST_COLUMNS.population)) {
    if ('error' in item) {
      reportBad({ line: item.line, reason: item.error });
      if (item.fatal) break;
      continue;
    }
    result.rows += 1;
    const check = validatePopulationRecord(item.record, item.line, now);
    const reasons = check.ok ? [] : check.reasons;
    if (check.ok) {
      const key = `${check.row.titleKey}\u0000${check.row.grade}`;
      const first = firstLine.get(key);
      if (first === undefined) {
        firstLine.set(key, item.line);
        rows.push(check.row);
      } else reasons.push(`${check.row.title} ${check.row.grade} given twice (first on line ${first})`);
    }
    if (reasons.length > 0) reportBad({ line: item.line, reason: reasons.join('; ') } satisfies BadRow);
  }
  result.errors.sort((a, b) => a.line - b.line);
  return { result, rows: result.badRows > 0 ? [] : rows };
}
