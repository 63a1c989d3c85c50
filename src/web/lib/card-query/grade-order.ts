import { compareGrades } from '../../../contract/grades';

/** Rows of any per-grade answer in the grades' natural order (Raw first, then PSA 1 ... 10). */
export const inGradeOrder = <Row extends { grade: string }>(rows: readonly Row[]): Row[] =>
  [...rows].sort((a, b) => compareGrades(a.grade, b.grade));
