import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MoversFilters } from './movers-filters';
import { DEFAULT_MOVERS_VIEW, LIMIT_HINT } from './movers-view';

describe('MoversFilters', () => {
  afterEach(cleanup);

  it('sends a limit inside 1..100 and refuses one outside with the hint, changing nothing', () => {
    const onChange = vi.fn();
    render(<MoversFilters view={DEFAULT_MOVERS_VIEW} onChange={onChange} />);
    const limit = screen.getByRole('spinbutton', { name: 'Rows (limit)' });
    fireEvent.change(limit, { target: { value: '100' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...DEFAULT_MOVERS_VIEW, limit: 100 });
    fireEvent.change(limit, { target: { value: '101' } });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toBe(LIMIT_HINT);
    expect(limit.getAttribute('aria-invalid')).toBe('true');
  });

  it('chooses a category and a direction', () => {
    const onChange = vi.fn();
    render(<MoversFilters view={DEFAULT_MOVERS_VIEW} onChange={onChange} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), { target: { value: 'hockey' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Down' }));
    expect(onChange.mock.calls).toEqual([
      [{ ...DEFAULT_MOVERS_VIEW, category: 'hockey' }],
      [{ ...DEFAULT_MOVERS_VIEW, direction: 'down' }],
    ]);
  });

  it('shows the limit of a view that changed from outside (back button, a link)', () => {
    const { rerender } = render(<MoversFilters view={DEFAULT_MOVERS_VIEW} onChange={vi.fn()} />);
    rerender(<MoversFilters view={{ ...DEFAULT_MOVERS_VIEW, limit: 60 }} onChange={vi.fn()} />);
    expect((screen.getByRole('spinbutton', { name: 'Rows (limit)' }) as HTMLInputElement).value).toBe('60');
  });
});
