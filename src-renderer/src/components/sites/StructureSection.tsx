import { type FormEvent, useId, useState } from 'react';
import { useStore } from 'zustand';
import { titleOrUntitled } from '../../format';
import type { SiteStructure, StructureItem } from './sites-model';
import { StatusMessage } from '../StatusMessage';
import { useAppStores, useSpaces } from '../stores-context';
import { GroupMessages, NewGroupForm } from './GroupControls';
import { StructureRow } from './StructureRow';

type Section = Extract<StructureItem, { object: 'site-section' }>;
type SiteSpace = Extract<StructureItem, { object: 'site-space' }>;
type GroupChoice = { id: string; title: string };

/** The site's sections in order (or its spaces, before it has sections), their groups, and adding one from a space. */
export function StructureSection({ canEdit }: { canEdit: boolean }) {
  const { sites } = useAppStores();
  const load = useStore(sites, (state) => state.structure);
  const error = useStore(sites, (state) => state.errors.sections);

  return (
    <section className="section site-panel" aria-labelledby="site-sections-title">
      <h2 id="site-sections-title">Sections</h2>
      {load.status === 'idle' || load.status === 'loading' ? (
        <StatusMessage kind="loading">Loading the sections…</StatusMessage>
      ) : load.status === 'error' ? (
        <StatusMessage kind="error" onRetry={() => void sites.getState().reloadStructure()}>
          Could not load the sections: {load.message}
        </StatusMessage>
      ) : (
        <StructureList structure={load.value} canEdit={canEdit} />
      )}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      {canEdit && <GroupMessages />}
      {canEdit && load.status === 'ready' && <AddSectionForm />}
      {canEdit && load.status === 'ready' && load.value.type === 'sections' && <NewGroupForm />}
    </section>
  );
}

function StructureList({ structure, canEdit }: { structure: SiteStructure; canEdit: boolean }) {
  if (structure.type === 'siteSpaces') {
    const spaces = structure.structure as SiteSpace[];
    return (
      <>
        <p className="hint">
          {spaces.length === 0
            ? 'This site publishes no space yet. Add a section from a space.'
            : 'The site publishes these spaces at its root. Adding a section makes them its first section.'}
        </p>
        {spaces.length > 0 && (
          <ol className="site-structure" aria-label="Spaces of the site">
            {spaces.map((siteSpace, index) => (
              <StructureRow
                key={siteSpace.id}
                item={{ type: 'site-space', id: siteSpace.id }}
                title={siteSpace.title}
                detail={`/${siteSpace.path}`}
                first={index === 0}
                last={index === spaces.length - 1}
                canEdit={canEdit}
              />
            ))}
          </ol>
        )}
      </>
    );
  }

  const items = structure.structure;
  const groups: GroupChoice[] = items.filter((item) => item.object === 'site-section-group').map(({ id, title }) => ({ id, title }));
  const others = (group?: GroupChoice) => groups.filter((g) => g.id !== group?.id);
  return (
    <ol className="site-structure" aria-label="Sections of the site">
      {items.map((item, index) =>
        item.object === 'site-section-group' ? (
          <li key={item.id} className="site-structure__group">
            <StructureRow
              item={{ type: 'site-section-group', id: item.id }}
              title={item.title}
              detail="Group"
              first={index === 0}
              last={index === items.length - 1}
              canEdit={canEdit}
              bare
            />
            <ol className="site-structure site-structure--nested" aria-label={`Sections in ${item.title}`}>
              {item.sections.map((section, inner) => (
                <SectionRow
                  key={section.id}
                  section={section}
                  first={inner === 0}
                  last={inner === item.sections.length - 1}
                  canEdit={canEdit}
                  group={item}
                  otherGroups={others(item)}
                />
              ))}
            </ol>
          </li>
        ) : (
          <SectionRow
            key={item.id}
            section={item as Section}
            first={index === 0}
            last={index === items.length - 1}
            canEdit={canEdit}
            otherGroups={groups}
          />
        ),
      )}
    </ol>
  );
}

interface SectionRowProps {
  section: Section;
  first: boolean;
  last: boolean;
  canEdit: boolean;
  group?: GroupChoice;
  otherGroups: GroupChoice[];
}

function SectionRow({ section, first, last, canEdit, group, otherGroups }: SectionRowProps) {
  const spaces = section.siteSpaces.map((s) => s.title).join(', ');
  return (
    <StructureRow
      item={{ type: 'site-section', id: section.id }}
      title={section.title}
      detail={`/${section.path}${spaces ? ` · ${spaces}` : ''}`}
      isDefault={section.default}
      first={first}
      last={last}
      canEdit={canEdit}
      group={group && { id: group.id, title: group.title }}
      otherGroups={otherGroups}
    />
  );
}

/** A section from one of the organization's spaces (the space becomes the section's content). */
function AddSectionForm() {
  const { sites } = useAppStores();
  const tree = useSpaces((state) => state.tree);
  const pending = useStore(sites, (state) => state.pending.sections === true);
  const spaces = tree.status === 'ready' ? tree.spaces : [];
  const [spaceId, setSpaceId] = useState('');
  const id = useId();
  const chosen = spaceId || spaces[0]?.id || '';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (chosen) await sites.getState().addSection(chosen);
  };

  if (spaces.length === 0) return <p className="hint">Create a space first: a section publishes a space.</p>;
  return (
    <form className="site-add-section" onSubmit={submit} aria-label="Add a section">
      <div className="field field--grow">
        <label htmlFor={id}>Add a section from a space</label>
        <div className="select-control">
          <select id={id} value={chosen} onChange={(event) => setSpaceId(event.target.value)}>
            {spaces.map((space) => (
              <option key={space.id} value={space.id}>
                {titleOrUntitled(space.title, 'space')}
              </option>
            ))}
          </select>
        </div>
      </div>
      <button className="button" type="submit" aria-disabled={pending}>
        Add section
      </button>
    </form>
  );
}
