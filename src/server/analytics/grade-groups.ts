import { compareGrades } from '../../contract/grades';

/**
 * Prices grouped by grade, in ladder order (Raw first, then by grade number, then grader). Each group
 * keeps the order of the input: ascending when the input is.
 */
export function pricesByGrade(grades: string[], prices: ArrayLike<number>): [string, number[]][] {
  const groups = new Map<string, number[]>();
  grades.forEach((grade, i) => {
    let group = groups.get(grade);
    if (!group) {
      group = [];
      groups.set(grade, group);
    }
    group.push(prices[i] as number);
  });
  return [...groups.entries()].sort(([a], [b]) => compareGrades(a, b));
}
