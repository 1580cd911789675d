import { useState } from 'react';
import { useStore } from 'zustand';
import type { Direction } from '../../stores/sites-model';
import type { SitesState } from '../../stores/sites-store';
import { useAppStores } from '../stores-context';
import { InlineConfirm } from './InlineConfirm';
import { RenameForm } from './RenameForm';

type Pointer = Parameters<SitesState['move']>[0];

interface StructureRowProps {
  item: Pointer;
  title: string;
  detail: string;
  isDefault?: boolean;
  first: boolean;
  last: boolean;
  canEdit: boolean;
  /** The row is the head of a group's <li> (which holds the group's sections), not an <li> itself. */
  bare?: boolean;
}

const moveButtonId = (id: string, direction: Direction) => `site-move-${direction}-${id}`;
const NOUN: Record<Pointer['type'], string> = { 'site-section': 'section', 'site-section-group': 'group', 'site-space': 'space' };

/** One section (or group, or root space): its title, and Rename, Move up, Move down and Delete for admins. */
export function StructureRow({ item, title, detail, isDefault, first, last, canEdit, bare }: StructureRowProps) {
  const { sites } = useAppStores();
  const pending = useStore(sites, (state) => state.pending.sections === true);
  const [renaming, setRenaming] = useState(false);
  const isSection = item.type === 'site-section';

  const move = async (direction: Direction) => {
    if (!(await sites.getState().move(item, direction))) return;
    // The row moved: keep the keyboard on it, on the other button when this one reached the end.
    requestAnimationFrame(() => {
      const same = document.getElementById(moveButtonId(item.id, direction));
      const other = document.getElementById(moveButtonId(item.id, direction === 'up' ? 'down' : 'up'));
      (same?.getAttribute('aria-disabled') === 'true' ? other : same)?.focus();
    });
  };

  const content = (
    <div className="site-structure__row">
      {renaming ? (
        <RenameForm
          what={`the section ${title}`}
          initial={title}
          maxLength={128}
          pending={pending}
          onSave={(value) => sites.getState().renameSection(item.id, value)}
          onCancel={() => setRenaming(false)}
        />
      ) : (
        <div className="site-structure__text">
          <span className="site-structure__title">{title}</span>
          {isDefault && <span className="badge">Default</span>}
          <span className="site-structure__detail">{detail}</span>
        </div>
      )}
      {canEdit && !renaming && (
        <div className="site-structure__actions">
          {isSection && (
            <button className="button button--quiet" type="button" aria-label={`Rename the section ${title}`} onClick={() => setRenaming(true)}>
              Rename
            </button>
          )}
          <MoveButton id={moveButtonId(item.id, 'up')} label={`Move the ${NOUN[item.type]} ${title} up`} disabled={first} onClick={() => void move('up')}>
            ↑
          </MoveButton>
          <MoveButton id={moveButtonId(item.id, 'down')} label={`Move the ${NOUN[item.type]} ${title} down`} disabled={last} onClick={() => void move('down')}>
            ↓
          </MoveButton>
          {isSection && (
            <InlineConfirm
              label="Delete"
              name={`Delete the section ${title}`}
              confirm={`Delete “${title}”`}
              pending={pending}
              onConfirm={() => void sites.getState().deleteSection(item.id)}
            />
          )}
        </div>
      )}
    </div>
  );
  return bare ? content : <li>{content}</li>;
}

/** aria-disabled rather than disabled: a disabled button would drop the keyboard focus to the page. */
function MoveButton({ id, label, disabled, onClick, children }: { id: string; label: string; disabled: boolean; onClick(): void; children: string }) {
  return (
    <button
      id={id}
      className="icon-button"
      type="button"
      aria-label={label}
      title={label}
      aria-disabled={disabled || undefined}
      onClick={() => {
        if (!disabled) onClick();
      }}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
