import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Mover } from '../../../contract/resources';
import { MoversTable } from './movers-table';

const movers: Mover[] = [
  {
    label: 'Base Set',
    category: 'pokemon',
    current_avg: 150,
    prev_avg: 100,
    pct_change: 50,
    direction: 'up',
    n: 14,
  },
  {
    label: 'Alpha',
    category: 'magic',
    current_avg: 75,
    prev_avg: 100,
    pct_change: -25,
    direction: 'down',
    n: 11,
  },
];

describe('MoversTable', () => {
  afterEach(cleanup);

  it('shows each row with its change, levels, n and both links, in the given order', () => {
    render(
      <MemoryRouter>
        <MoversTable movers={movers} caption="Movers" />
      </MemoryRouter>,
    );
    const rows = screen.getAllByTestId('mover-row');
    expect(rows.map((row) => row.dataset.label)).toEqual(['Base Set', 'Alpha']);
    const first = within(rows[0]!);
    expect(first.getByText('+50%')).toBeVisible();
    expect(first.getByText('$150.00')).toBeVisible();
    expect(first.getByText('$100.00')).toBeVisible();
    expect(first.getByText('14')).toBeVisible();
    expect(first.getByRole('link', { name: 'Base Set' }).getAttribute('href')).toBe(
      '/index?category=pokemon&label=Base+Set',
    );
    expect(first.getByRole('link', { name: 'Cards of Base Set' }).getAttribute('href')).toBe(
      '/card?q=Base+Set&category=pokemon&label=Base+Set',
    );
  });

  it('names the figures like for like: levels of the matched cards and grades, not averages', () => {
    render(
      <MemoryRouter>
        <MoversTable movers={movers} caption="Movers" />
      </MemoryRouter>,
    );
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual([
      '#',
      'Label',
      'Change (7 days)',
      'Level now',
      'Level before',
      'n',
      'Category',
      'Look up',
    ]);
    expect(screen.getByTitle('Sales in both weeks of the cards and grades that sold in both')).toBeVisible();
  });

  it('draws bars against the largest change: the largest fills its half, a fall grows left', () => {
    const { container } = render(
      <MemoryRouter>
        <MoversTable movers={movers} caption="Movers" />
      </MemoryRouter>,
    );
    const fills = [...container.querySelectorAll<HTMLElement>('.pct-bar__fill')];
    expect(fills.map((fill) => Number.parseFloat(fill.style.width))).toEqual([50, 25]);
    expect(fills[1]!.className).toContain('pct-bar__fill--down');
  });
});
