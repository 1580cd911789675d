import { useId } from 'react';
import { useStore } from 'zustand';
import { THEME_CHOICES, type ThemeChoice } from '../../stores/theme-store';
import { useAppStores } from '../stores-context';

const LABELS: Record<ThemeChoice, { label: string; hint: string }> = {
  system: { label: 'System', hint: 'light or dark as your system is set, following it when it changes' },
  light: { label: 'Light', hint: 'always light' },
  dark: { label: 'Dark', hint: 'always dark' },
};

/** Light, dark or the system's: applied at once (stores/theme-store.ts) and kept for the next start. */
export function ThemeSection() {
  const { theme } = useAppStores();
  const choice = useStore(theme, (state) => state.choice);
  const name = useId();

  return (
    <section className="settings__section" aria-labelledby="settings-appearance">
      <h3 id="settings-appearance">Appearance</h3>
      <div className="theme-choices" role="radiogroup" aria-label="Theme">
        {THEME_CHOICES.map((value) => (
          <label key={value} className="theme-choice">
            <input type="radio" name={name} value={value} checked={choice === value} onChange={() => theme.getState().choose(value)} />
            <span className="theme-choice__label">{LABELS[value].label}</span>
            <span className="theme-choice__hint">{LABELS[value].hint}</span>
          </label>
        ))}
      </div>
    </section>
  );
}
