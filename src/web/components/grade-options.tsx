import { GRADERS, RAW_GRADE } from '../../contract/grades';

/** Each grader's grades, 10 down to 1 in steps of 0.5, as the API writes them (`PSA 10`, `BGS 9.5`). */
const GRADES_BY_GRADER = GRADERS.map((grader) => ({
  grader,
  grades: Array.from({ length: 19 }, (_, i) => `${grader} ${String(10 - i / 2)}`),
}));

/**
 * The canonical grades as `<option>`s of a select, one group per grader, Raw first; `empty` names
 * the option of no grade (its value is ''); `traded`, when given, leads as its own group.
 */
export function GradeOptions({ empty, traded = [] }: { empty: string; traded?: readonly string[] }) {
  return (
    <>
      <option value="">{empty}</option>
      {traded.length > 0 ? (
        <optgroup label="Traded in the last 365 days">
          {traded.map((grade) => (
            <option key={grade} value={grade}>
              {grade}
            </option>
          ))}
        </optgroup>
      ) : null}
      <option value={RAW_GRADE}>{RAW_GRADE}</option>
      {GRADES_BY_GRADER.map(({ grader, grades }) => (
        <optgroup key={grader} label={grader}>
          {grades.map((grade) => (
            <option key={grade} value={grade}>
              {grade}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
