import type { PopulationEntry } from '../store/market-reader';

/** What `/v3/value` says of a card's population at one grade (decisions.md, "Population and grading"). */
export interface PopulationAtGrade {
  population: number | null;
  population_higher: number | null;
  population_as_of: string | null;
}

export const NO_POPULATION: PopulationAtGrade = {
  population: null,
  population_higher: null,
  population_as_of: null,
};

const gradeNumber = (grade: string): number => Number(grade.slice(grade.indexOf(' ') + 1));

/**
 * The count at `grade` in its grader's report (`entries`: one card's counts), the same grader's
 * count above that grade, and the report's date; all null when the report has no count at that
 * grade (Raw never has one).
 */
export function populationFrom(entries: readonly PopulationEntry[], grade: string): PopulationAtGrade {
  const at = entries.find((entry) => entry.grade === grade);
  if (at === undefined) return NO_POPULATION;
  const number = gradeNumber(grade);
  const higher = entries
    .filter((entry) => entry.grader === at.grader && gradeNumber(entry.grade) > number)
    .reduce((sum, entry) => sum + entry.population, 0);
  return { population: at.population, population_higher: higher, population_as_of: at.as_of };
}
