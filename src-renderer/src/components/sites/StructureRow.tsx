import { useState } from 'react';
import { useStore } from 'zustand';
import { GROUP_TITLE_MAX } from './site-groups-store';
import type { Direction } from './sites-model';
import type { SitesState } from './sites-store';
import { useAppStores } from '../stores-context';
import { MoveIntoGroupForm } from './GroupControls';
import { InlineConfirm } from './InlineConfirm';
import { RenameForm } from './RenameForm';

type Pointer = Parameters<SitesState['move']>[0];
type GroupChoice = { id: string; title: string };

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
  /** For a section: the group holding it, and the groups it may move into. */
  group?: GroupChoice;
  otherGroups?: GroupChoice[];
}

const moveButtonId = (id: string, direction: Direction) => `site-move-${direction}-${id}`;
const groupButtonId = (id: string) => `site-group-${id}`;
const ungroupButtonId = (id: string) => `site-ungroup-${id}`;
const NOUN: Record<Pointer['type'], string> = { 'site-section': 'section', 'site-section-group': 'group', 'site-space': 'space' };

/** After a row moved in or out of a group it is drawn anew: the keyboard goes to the button that brings it back. */
const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

/** One section (or group, or root space): its title, and Rename, Move up, Move down, grouping and Delete for admins. */
export function StructureRow({ item, title, detail, isDefault, first, last, canEdit, bare, group, otherGroups = [] }: StructureRowProps) {
  const { sites, siteGroups } = useAppStores();
  const sectionPending = useStore(sites, (state) => state.pending.sections === true);
  const groupPending = useStore(siteGroups, (state) => state.pending.groups === true);
  const [mode, setMode] = useState<'renaming' | 'grouping'>();
  const isSection = item.type === 'site-section';
  const isGroup = item.type === 'site-section-group';
  const pending = isGroup ? groupPending : sectionPending;
  const noun = NOUN[item.type];

  const move = async (direction: Direction) => {
    if (!(await sites.getState().move(item, direction))) return;
    // The row moved: keep the keyboard on it, on the other button when this one reached the end.
    requestAnimationFrame(() => {
      const same = document.getElementById(moveButtonId(item.id, direction));
      const other = document.getElementById(moveButtonId(item.id, direction === 'up' ? 'down' : 'up'));
      (same?.getAttribute('aria-disabled') === 'true' ? other : same)?.focus();
    });
  };
  const rename = (value: string) => (isGroup ? siteGroups.getState().renameGroup(item.id, value) : sites.getState().renameSection(item.id, value));
  const moveInto = async (groupId: string) => {
    const moved = await siteGroups.getState().moveIntoGroup(item.id, groupId);
    if (moved) focusLater(ungroupButtonId(item.id));
    return moved;
  };
  const takeOut = async () => {
    if (await siteGroups.getState().takeOutOfGroup(item.id)) focusLater(groupButtonId(item.id));
  };

  const content = (
    <div className="site-structure__row">
      {mode === 'renaming' ? (
        <RenameForm
          what={`the ${noun} ${title}`}
          initial={title}
          maxLength={isGroup ? GROUP_TITLE_MAX : 128}
          pending={pending}
          onSave={rename}
          onCancel={() => setMode(undefined)}
        />
      ) : mode === 'grouping' ? (
        <MoveIntoGroupForm title={title} groups={otherGroups} pending={groupPending} onMove={moveInto} onCancel={() => setMode(undefined)} />
      ) : (
        <div className="site-structure__text">
          <span className="site-structure__title">{title}</span>
          {isDefault && <span className="badge">Default</span>}
          <span className="site-structure__detail">{detail}</span>
        </div>
      )}
      {canEdit && !mode && (
        <div className="site-structure__actions">
          {(isSection || isGroup) && (
            <button className="button button--quiet" type="button" aria-label={`Rename the ${noun} ${title}`} onClick={() => setMode('renaming')}>
              Rename
            </button>
          )}
          <MoveButton id={moveButtonId(item.id, 'up')} label={`Move the ${NOUN[item.type]} ${title} up`} disabled={first} onClick={() => void move('up')}>
            ↑
          </MoveButton>
          <MoveButton id={moveButtonId(item.id, 'down')} label={`Move the ${NOUN[item.type]} ${title} down`} disabled={last} onClick={() => void move('down')}>
            ↓
          </MoveButton>
          {isSection && otherGroups.length > 0 && (
            <button
              id={groupButtonId(item.id)}
              className="button button--quiet"
              type="button"
              aria-label={`Move the section ${title} into a group`}
              onClick={() => setMode('grouping')}
            >
              Move into group…
            </button>
          )}
          {isSection && group && (
            <button
              id={ungroupButtonId(item.id)}
              className="button button--quiet"
              type="button"
              aria-label={`Take the section ${title} out of the group ${group.title}`}
              aria-disabled={groupPending}
              onClick={() => void takeOut()}
            >
              Take out of the group
            </button>
          )}
          {(isSection || isGroup) && (
            <InlineConfirm
              label="Delete"
              name={`Delete the ${noun} ${title}`}
              confirm={isGroup ? `Delete the group “${title}”` : `Delete “${title}”`}
              pending={pending}
              onConfirm={() => void (isGroup ? siteGroups.getState().deleteGroup(item.id) : sites.getState().deleteSection(item.id))}
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
