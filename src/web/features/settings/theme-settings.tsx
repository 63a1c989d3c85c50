import { setTheme, type ThemeChoice, useThemeChoice } from '../../lib/theme/theme-store';

const CHOICES: readonly { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'Follow the system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** Settings: theme (follow the OS, or force light/dark). */
export function ThemeSettings() {
  const choice = useThemeChoice();
  return (
    <section className="panel" aria-labelledby="theme-title">
      <fieldset className="fieldset">
        <legend id="theme-title">
          <h2>Theme</h2>
        </legend>
        {CHOICES.map((option) => (
          <label key={option.value} className="checkbox">
            <input
              type="radio"
              name="theme"
              value={option.value}
              checked={choice === option.value}
              onChange={() => setTheme(option.value)}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
    </section>
  );
}
