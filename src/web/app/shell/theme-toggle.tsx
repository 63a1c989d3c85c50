import { setTheme, useIsDark } from '../../lib/theme/theme-store';

/** Header switch between light and dark; the OS decides until it is used (Settings can reset). */
export function ThemeToggle() {
  const dark = useIsDark();
  return (
    <button
      type="button"
      className="button button--small"
      aria-pressed={dark}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
    >
      <span aria-hidden="true">{dark ? '☾' : '☀'}</span> Dark theme
    </button>
  );
}
