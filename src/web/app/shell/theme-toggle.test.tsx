import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setTheme } from '../../lib/theme/theme-store';
import { ThemeToggle } from './theme-toggle';

afterEach(() => {
  cleanup();
  setTheme('system');
});

describe('ThemeToggle', () => {
  it('names the theme a press switches to, and the other one once pressed', () => {
    setTheme('light');
    render(<ThemeToggle />);
    const button = screen.getByRole('button', { name: 'Dark theme' });
    expect(button.getAttribute('aria-pressed')).toBeNull();
    expect(button.getAttribute('title')).toBe('Switch to the dark theme');
    fireEvent.click(button);
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(screen.getByRole('button', { name: 'Light theme' })).toBe(button);
    expect(button.textContent).toBe('☀ Light theme');
    expect(button.getAttribute('title')).toBe('Switch to the light theme');
    fireEvent.click(button);
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
    expect(button.textContent).toBe('☾ Dark theme');
  });
});
