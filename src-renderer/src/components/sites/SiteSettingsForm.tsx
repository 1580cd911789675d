import { type FormEvent, useId, useState } from 'react';
import { useStore } from 'zustand';
import type { Site, SiteVisibility } from './sites-model';
import { useAppStores } from '../stores-context';
import { SITE_VISIBILITIES } from './labels';
import { FormSaveRow } from './FormSaveRow';

/** The site's title and who can read it once published; saved together. */
export function SiteSettingsForm({ site, canEdit }: { site: Site; canEdit: boolean }) {
  const { sites } = useAppStores();
  const pending = useStore(sites, (state) => state.pending.settings === true);
  const error = useStore(sites, (state) => state.errors.settings);
  const [title, setTitle] = useState(site.title);
  const [visibility, setVisibility] = useState(site.visibility);
  const ids = { heading: useId(), title: useId(), visibility: useId(), error: useId() };
  const changed = title.trim() !== site.title || visibility !== site.visibility;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canEdit || !changed) return;
    await sites.getState().updateSettings({
      ...(title.trim() !== site.title ? { title } : {}),
      ...(visibility !== site.visibility ? { visibility: visibility as SiteVisibility } : {}),
    });
  };

  return (
    <section className="section site-panel" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>Settings</h2>
      <form className="site-settings" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.title}>Title</label>
          <input
            id={ids.title}
            value={title}
            maxLength={128}
            readOnly={!canEdit}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ids.error : undefined}
            onChange={(event) => {
              setTitle(event.target.value);
              sites.getState().clearError('settings');
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.visibility}>Visibility</label>
          <div className="select-control">
            <select id={ids.visibility} value={visibility} disabled={!canEdit} onChange={(event) => setVisibility(event.target.value)}>
              {SITE_VISIBILITIES.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <FormSaveRow what="settings" error={error} errorId={ids.error} pending={pending} changed={changed} canEdit={canEdit} />
      </form>
    </section>
  );
}
