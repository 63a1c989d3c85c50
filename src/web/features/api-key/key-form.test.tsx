import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyForm } from './key-form';

const KEY = `slab_live_${'a1'.repeat(24)}`;

afterEach(cleanup);

describe('KeyForm', () => {
  it('refuses a malformed key with the format hint, before any request', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const onSave = vi.fn();
    render(<KeyForm initial={null} onSave={onSave} />);
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'slab_live_ABC' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save key' }));

    expect(screen.getByRole('alert').textContent).toContain('48 lowercase hexadecimal characters');
    expect(screen.getByLabelText('API key').getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('saves a well-formed key (trimmed) with the remember choice', () => {
    const onSave = vi.fn();
    render(<KeyForm initial={null} onSave={onSave} />);
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: `  ${KEY} ` } });
    fireEvent.click(screen.getByLabelText('Remember on this device'));
    fireEvent.click(screen.getByRole('button', { name: 'Save key' }));
    expect(onSave).toHaveBeenCalledWith({ key: KEY, remembered: true });
  });
});
