import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setTheme } from '../../lib/theme/theme-store';
import { ThemeToggle } from './theme-toggle';

afterEach(() => {
  cleanup();
  setTheme('system');
});

describe('ThemeToggle', () => {
  it('says what a press does, and says the other theme once pressed', () => {
    setTheme('light');
    render(<ThemeToggle />);
    const button = screen.getByRole('button', { name: 'Use dark theme' });
    expect(button.getAttribute('aria-pressed')).toBeNull();
    fireEvent.click(button);
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(screen.getByRole('button', { name: 'Use light theme' })).toBe(button);
    fireEvent.click(button);
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
    expect(button.textContent).toBe('☾ Use dark theme');
  });
});
