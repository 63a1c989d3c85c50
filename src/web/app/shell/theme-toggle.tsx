import { setTheme, useIsDark } from '../../lib/theme/theme-store';

/**
 * Header switch between light and dark; the OS decides until it is used (Settings can reset). It
 * always names the theme a press switches to: "Dark theme" with a moon on a light page, "Light
 * theme" with a sun on a dark one (its title says "Switch to ..."). Not a pressed/unpressed
 * toggle: that kept the one label "Dark theme" in both states. Short, so the header stays one line.
 */
export function ThemeToggle() {
  const dark = useIsDark();
  const next = dark ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="button button--small"
      title={`Switch to the ${next} theme`}
      onClick={() => setTheme(next)}
    >
      <span aria-hidden="true">{next === 'dark' ? '☾' : '☀'}</span> {next === 'dark' ? 'Dark' : 'Light'} theme
    </button>
  );
}
