import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MoversFilters } from './movers-filters';
import { DEFAULT_MOVERS_VIEW, LIMIT_HINT } from './movers-view';
import { LIMIT_COMMIT_MS } from './use-limit-draft';

// While the hint shows, it is part of the label's text (and so of the field's name).
const limitField = () => screen.getByRole('spinbutton', { name: /^Rows \(limit\)/ });
const type = (value: string) => fireEvent.change(limitField(), { target: { value } });

describe('MoversFilters', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('sends a limit inside 1..100 and refuses one outside with the hint, changing nothing', () => {
    const onChange = vi.fn();
    render(<MoversFilters view={DEFAULT_MOVERS_VIEW} onChange={onChange} />);
    type('100');
    act(() => vi.advanceTimersByTime(LIMIT_COMMIT_MS));
    expect(onChange).toHaveBeenLastCalledWith({ ...DEFAULT_MOVERS_VIEW, limit: 100 });
    type('101');
    fireEvent.blur(limitField());
    act(() => vi.advanceTimersByTime(LIMIT_COMMIT_MS));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toBe(LIMIT_HINT);
    expect(limitField().getAttribute('aria-invalid')).toBe('true');
  });

  it('sends a typed limit once, after the typing pauses, not once per keystroke', () => {
    const onChange = vi.fn();
    render(<MoversFilters view={DEFAULT_MOVERS_VIEW} onChange={onChange} />);
    type('7');
    act(() => vi.advanceTimersByTime(LIMIT_COMMIT_MS - 100));
    type('73');
    act(() => vi.advanceTimersByTime(LIMIT_COMMIT_MS - 1));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange.mock.calls).toEqual([[{ ...DEFAULT_MOVERS_VIEW, limit: 73 }]]);
  });

  it('sends at once on Enter or on leaving the field, and only a limit that differs', () => {
    const onChange = vi.fn();
    render(<MoversFilters view={DEFAULT_MOVERS_VIEW} onChange={onChange} />);
    type('26');
    type('27');
    fireEvent.submit((limitField() as HTMLInputElement).form!);
    expect(onChange.mock.calls).toEqual([[{ ...DEFAULT_MOVERS_VIEW, limit: 27 }]]);
    type('30');
    fireEvent.blur(limitField());
    expect(onChange).toHaveBeenLastCalledWith({ ...DEFAULT_MOVERS_VIEW, limit: 30 });
    act(() => vi.advanceTimersByTime(LIMIT_COMMIT_MS * 2));
    expect(onChange).toHaveBeenCalledTimes(2);
    type(String(DEFAULT_MOVERS_VIEW.limit));
    fireEvent.blur(limitField());
    type(` ${DEFAULT_MOVERS_VIEW.limit}`);
    act(() => vi.advanceTimersByTime(LIMIT_COMMIT_MS));
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('drops a pending limit when the view changes from outside', () => {
    const onChange = vi.fn();
    const { rerender } = render(<MoversFilters view={DEFAULT_MOVERS_VIEW} onChange={onChange} />);
    type('40');
    rerender(<MoversFilters view={{ ...DEFAULT_MOVERS_VIEW, limit: 60 }} onChange={onChange} />);
    act(() => vi.advanceTimersByTime(LIMIT_COMMIT_MS));
    expect(onChange).not.toHaveBeenCalled();
    expect((limitField() as HTMLInputElement).value).toBe('60');
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
