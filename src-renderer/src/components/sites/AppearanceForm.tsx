import { type FormEvent, type ReactNode, useId, useState } from 'react';
import {
  ANNOUNCEMENT_MAX,
  ANNOUNCEMENT_STYLE_LABELS,
  type AnnouncementStyle,
  type AppearanceDraft,
  APPEARANCE_TITLE_MAX,
  appearanceDraftOf,
  COPYRIGHT_MAX,
  draftChanged,
  type SiteCustomizationSettings,
  type ThemeMode,
} from './site-appearance-store';
import { FormSaveRow } from './FormSaveRow';

// The Appearance section's fields in plain words, for the whole site or one site space: the caller's store
// saves the draft and says how it went.

interface AppearanceFormProps {
  /** The settings in effect, which the fields start from (and start from again when they change). */
  settings: SiteCustomizationSettings;
  canEdit: boolean;
  /** The form's accessible name. */
  label: string;
  pending: boolean;
  error?: string;
  notice?: string;
  onSave(draft: AppearanceDraft): Promise<unknown>;
  /** Typing clears the error of the last save. */
  onEdit(): void;
  /** More actions, after Save. */
  children?: ReactNode;
}

/** `#abc` as `#aabbcc`: a color input takes only the long form. */
const longHex = (color: string) => (/^#[0-9a-f]{3}$/i.test(color) ? color.replace(/[0-9a-f]/gi, (digit) => digit + digit) : color).toLowerCase();

/** The form of the section: title, primary colors, theme, announcement banner, footer and pager. */
export function AppearanceForm({ settings, canEdit, label, pending, error, notice, onSave, onEdit, children }: AppearanceFormProps) {
  const [draft, setDraft] = useState(() => appearanceDraftOf(settings));
  // Saved (or read again): the form shows the settings as they now are, keeping the keyboard where it was.
  const [base, setBase] = useState(settings);
  if (base !== settings) {
    setBase(settings);
    setDraft(appearanceDraftOf(settings));
  }
  const changed = draftChanged(settings, draft);
  const ids = {
    title: useId(),
    light: useId(),
    dark: useId(),
    theme: useId(),
    message: useId(),
    style: useId(),
    copyright: useId(),
    error: useId(),
  };
  // An error names its field first (as /v1 does): that field is marked.
  const invalid = (field: string) => (error?.startsWith(`${field}:`) ? { 'aria-invalid': true, 'aria-describedby': ids.error } : {});

  const edit = (change: Partial<AppearanceDraft>) => {
    setDraft((current) => ({ ...current, ...change }));
    if (error) onEdit();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canEdit || !changed || pending) return;
    await onSave(draft);
  };

  return (
    <form className="site-settings site-appearance" onSubmit={submit} aria-label={label} noValidate>
      <TextField id={ids.title} label="Title shown on the site" value={draft.title} maxLength={APPEARANCE_TITLE_MAX} canEdit={canEdit} invalid={invalid('title')} onChange={(title) => edit({ title })} />

      <Group legend="Primary color">
        <div className="site-appearance__row">
          <ColorField id={ids.light} label="Primary color in the light theme" value={draft.primaryLight} canEdit={canEdit} onChange={(primaryLight) => edit({ primaryLight })} />
          <ColorField id={ids.dark} label="Primary color in the dark theme" value={draft.primaryDark} canEdit={canEdit} onChange={(primaryDark) => edit({ primaryDark })} />
        </div>
      </Group>

      <Group legend="Theme">
        <div className="field">
          <label htmlFor={ids.theme}>Default theme</label>
          <div className="select-control">
            <select id={ids.theme} value={draft.defaultTheme} disabled={!canEdit} onChange={(event) => edit({ defaultTheme: event.target.value as ThemeMode })}>
              <option value="light">Light</option>
              <option value="dark">Dark</option>
            </select>
          </div>
        </div>
        <Check label="Let readers follow their system theme" checked={draft.followSystem} canEdit={canEdit} onChange={(followSystem) => edit({ followSystem })} />
      </Group>

      <Group legend="Announcement banner">
        <Check
          label="Show an announcement banner at the top of every page"
          checked={draft.announcementEnabled}
          canEdit={canEdit}
          onChange={(announcementEnabled) => edit({ announcementEnabled })}
        />
        <TextField
          id={ids.message}
          label="Banner message"
          value={draft.announcementMessage}
          maxLength={ANNOUNCEMENT_MAX}
          placeholder="e.g. Version 2 is out"
          canEdit={canEdit}
          invalid={invalid('announcement.message')}
          onChange={(announcementMessage) => edit({ announcementMessage })}
        />
        <div className="field">
          <label htmlFor={ids.style}>Banner style</label>
          <div className="select-control">
            <select id={ids.style} value={draft.announcementStyle} disabled={!canEdit} onChange={(event) => edit({ announcementStyle: event.target.value as AnnouncementStyle })}>
              {ANNOUNCEMENT_STYLE_LABELS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        </div>
      </Group>

      <Group legend="Footer and navigation">
        <TextField
          id={ids.copyright}
          label="Footer copyright text"
          value={draft.copyright}
          maxLength={COPYRIGHT_MAX}
          placeholder="e.g. © 2026 Acme Inc."
          canEdit={canEdit}
          invalid={invalid('footer.copyright')}
          onChange={(copyright) => edit({ copyright })}
        />
        <Check label="Show previous/next links at the end of each page" checked={draft.pagination} canEdit={canEdit} onChange={(pagination) => edit({ pagination })} />
      </Group>

      <FormSaveRow what="appearance" error={error} errorId={ids.error} pending={pending} changed={changed} canEdit={canEdit} />
      {children}
      {canEdit && (
        <p className="site-appearance__notice" role="status">
          {notice}
        </p>
      )}
    </form>
  );
}

function TextField(props: {
  id: string;
  label: string;
  value: string;
  maxLength: number;
  placeholder?: string;
  canEdit: boolean;
  /** aria-invalid and aria-describedby when the last refusal named this field. */
  invalid: Record<string, unknown>;
  onChange(value: string): void;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        value={props.value}
        maxLength={props.maxLength}
        readOnly={!props.canEdit}
        autoComplete="off"
        placeholder={props.placeholder}
        {...props.invalid}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </div>
  );
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="site-appearance__group">
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}

function ColorField(props: { id: string; label: string; value: string; canEdit: boolean; onChange(value: string): void }) {
  return (
    <div className="field site-appearance__color">
      <label htmlFor={props.id}>{props.label}</label>
      <div className="site-appearance__swatch">
        <input id={props.id} type="color" value={longHex(props.value)} disabled={!props.canEdit} onChange={(event) => props.onChange(event.target.value)} />
        {/* The hex the site gets, for those who match it to a brand guide. */}
        <code>{props.value.toLowerCase()}</code>
      </div>
    </div>
  );
}

function Check(props: { label: string; checked: boolean; canEdit: boolean; onChange(checked: boolean): void }) {
  return (
    <label className="site-appearance__check">
      <input type="checkbox" checked={props.checked} disabled={!props.canEdit} onChange={(event) => props.onChange(event.target.checked)} />
      {props.label}
    </label>
  );
}
