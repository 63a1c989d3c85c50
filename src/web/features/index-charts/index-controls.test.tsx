import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IndexControls } from './index-controls';
import { DEFAULT_INDEX_VIEW, type IndexView } from './index-view';

const view: IndexView = {
  ...DEFAULT_INDEX_VIEW,
  categories: ['pokemon'],
  zoom: { from: '2026-07-01', to: '2026-07-10' },
};

describe('IndexControls', () => {
  afterEach(cleanup);

  it('adds a category, resetting the zoom', () => {
    const onChange = vi.fn();
    render(<IndexControls view={view} latest="2026-11-15" onChange={onChange} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'magic' }));
    expect(onChange).toHaveBeenCalledWith({ ...view, categories: ['magic', 'pokemon'], zoom: null });
  });

  it('keeps the last category: its box cannot be cleared', () => {
    render(<IndexControls view={view} latest="2026-11-15" onChange={vi.fn()} />);
    expect((screen.getByRole('checkbox', { name: 'pokemon' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('bounds custom dates to the index start and the latest snapshot, and turns them into a custom range', () => {
    const onChange = vi.fn();
    render(<IndexControls view={view} latest="2026-11-15" onChange={onChange} />);
    const from = screen.getByLabelText('From') as HTMLInputElement;
    expect([from.min, from.max]).toEqual(['2026-05-29', '2026-11-15']);
    fireEvent.change(from, { target: { value: '2026-08-01' } });
    expect(onChange).toHaveBeenCalledWith({
      ...view,
      range: { kind: 'custom', from: '2026-08-01' },
      zoom: null,
    });
  });

  it('switches metric, compare and scale without touching the zoom', () => {
    const onChange = vi.fn();
    render(<IndexControls view={view} latest="2026-11-15" onChange={onChange} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Metric' }), { target: { value: 'listings' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Log scale' }));
    expect(onChange.mock.calls).toEqual([[{ ...view, metric: 'listings' }], [{ ...view, scale: 'log' }]]);
  });
});
