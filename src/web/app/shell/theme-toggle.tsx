import { setTheme, useIsDark } from '../../lib/theme/theme-store';

/**
 * Header switch between light and dark; the OS decides until it is used (Settings can reset). Its
 * label says what a press does ("Use dark theme" on a light page, "Use light theme" on a dark
 * one), and its icon shows the theme it switches to. Not a pressed/unpressed toggle: a toggle keeps
 * one label in both states, which read as "Dark theme" on a light page too.
 */
export function ThemeToggle() {
  const dark = useIsDark();
  const next = dark ? 'light' : 'dark';
  return (
    <button type="button" className="button button--small" onClick={() => setTheme(next)}>
      <span aria-hidden="true">{next === 'dark' ? '☾' : '☀'}</span> Use {next} theme
    </button>
  );
}
