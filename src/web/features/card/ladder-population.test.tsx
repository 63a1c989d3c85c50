import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { GradeValue } from '../../../contract/resources';
import { LadderPopulationNote, RungPopulation, reportDate, rungCounts } from './ladder-population';

afterEach(cleanup);

const rung = (
  grade: string,
  population?: number | null,
  higher?: number | null,
  asOf: string | null = population == null ? null : '2026-11-27',
): GradeValue => ({
  grade,
  value: 100,
  low: 90,
  high: 110,
  min: 80,
  max: 120,
  sample_size: 5,
  population,
  population_higher: higher,
  population_as_of: asOf,
});

describe('ladder population', () => {
  it('keeps the rungs that have a count, with the count above them', () => {
    const counts = rungCounts([
      rung('Raw', null, null),
      rung('PSA 9', 1240, 121),
      rung('PSA 10', 121, 0),
      rung('BGS 9.5', 40, 2, '2026-11-30'),
      rung('BGS 9'),
    ]);
    expect([...counts]).toEqual([
      ['PSA 9', { population: 1240, higher: 121, asOf: '2026-11-27' }],
      ['PSA 10', { population: 121, higher: 0, asOf: '2026-11-27' }],
      ['BGS 9.5', { population: 40, higher: 2, asOf: '2026-11-30' }],
    ]);
    // The note names the newest report among them.
    expect(reportDate(counts)).toBe('2026-11-30');
    expect(rungCounts(undefined).size).toBe(0);
    expect(reportDate(rungCounts(undefined))).toBeNull();
  });

  it('writes "121 graded, 0 higher" beside a grade, and nothing without a count', () => {
    const { rerender } = render(<RungPopulation counts={{ population: 1240, higher: 121, asOf: null }} />);
    expect(screen.getByTestId('rung-population').textContent).toBe('1,240 graded, 121 higher');
    rerender(<RungPopulation counts={{ population: 121, higher: 0, asOf: null }} />);
    expect(screen.getByTestId('rung-population').textContent).toBe('121 graded, 0 higher');
    rerender(<RungPopulation counts={undefined} />);
    expect(screen.queryByTestId('rung-population')).toBeNull();
  });

  it("names the report's date and says when it is synthetic", () => {
    const { rerender } = render(<LadderPopulationNote asOf="2026-11-27" synthetic />);
    expect(screen.getByTestId('ladder-population-note').textContent).toBe(
      "Graded: copies in the grader's population report of Nov 27, 2026, synthetic in the demo; higher: that grader's copies above the grade.",
    );
    rerender(<LadderPopulationNote asOf={null} synthetic={false} />);
    expect(screen.getByTestId('ladder-population-note').textContent).toBe(
      "Graded: copies in the grader's population report; higher: that grader's copies above the grade.",
    );
  });
});
