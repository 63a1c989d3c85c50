import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ByGradeTable } from './by-grade-table';

afterEach(cleanup);

describe('ByGradeTable', () => {
  it('lists the grades in natural order, not in the order the API sent', () => {
    render(
      <ByGradeTable
        rows={[
          { grade: 'PSA 10', avg: 900, median: 880, sales: 4 },
          { grade: 'Raw', avg: 40, median: 35.5, sales: 20 },
          { grade: 'BGS 9.5', avg: 500, median: 510, sales: 3 },
          { grade: 'PSA 9', avg: 300, median: 290, sales: 12 },
        ]}
      />,
    );
    const rows = screen.getAllByTestId('by-grade-row');
    expect(rows.map((row) => row.dataset.grade)).toEqual(['Raw', 'PSA 9', 'BGS 9.5', 'PSA 10']);
    expect(screen.getAllByTestId('by-grade-median').map((cell) => cell.textContent)).toEqual([
      '$35.50',
      '$290.00',
      '$510.00',
      '$880.00',
    ]);
    expect(screen.getAllByTestId('by-grade-sales').map((cell) => cell.textContent)).toEqual([
      '20',
      '12',
      '3',
      '4',
    ]);
  });
});
