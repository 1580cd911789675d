import { useMemo, useRef, useState } from 'react';
import type { Collection, Organization, Space } from '../api/types';
import { countOf, titleOrUntitled, visibilityLabel } from '../format';
import { buildSpaceTree, type CollectionNode, collectionPath, countSpaces, flattenCollections } from '../stores/space-tree';
import { type Location, NewCollectionForm, NewSpaceForm } from './CreateForms';
import { FolderIcon, LockIcon, PageIcon, PlusIcon } from './Icons';
import { openNewSpace } from './space/open-new-space';
import { ShareButton } from './sharing/ShareButton';
import { StatusMessage } from './StatusMessage';
import { useAppStores, useSpaces } from './stores-context';
import { emojiGlyph } from '../../../src-shared/emoji';

/** Which create form is open, and where it puts what it creates. */
type OpenForm = { kind: 'space' | 'collection'; location: string } | undefined;

/** The id of a space's entry in the tree, so focus can return to it. */
export const spaceEntryId = (spaceId: string) => `space-entry-${spaceId}`;

/** Where the caller may create: the root if their organization role allows it, and collections that allow it. */
function creatableLocations(organization: Organization, collections: Collection[], tree: CollectionNode[]): Location[] {
  const locations: Location[] = [];
  if (organization.permissions.createContent) locations.push({ value: '', label: `${organization.title} (not in a collection)` });
  for (const { collection } of flattenCollections(tree)) {
    if (!collection.permissions.create) continue;
    const path = collectionPath(collections, collection.id).map((c) => titleOrUntitled(c.title, 'collection'));
    locations.push({ value: collection.id, label: path.join(' › ') });
  }
  return locations;
}

/** The organization's collections (nested) with their spaces, and the spaces in no collection. */
export function SpacesSection({ organization }: { organization: Organization }) {
  const stores = useAppStores();
  const { spaces } = stores;
  const tree = useSpaces((state) => state.tree);
  const [form, setForm] = useState<OpenForm>();
  const newSpaceButton = useRef<HTMLButtonElement>(null);
  const newCollectionButton = useRef<HTMLButtonElement>(null);

  const ready = tree.status === 'ready' ? tree : undefined;
  const grouped = useMemo(() => (ready ? buildSpaceTree(ready.collections, ready.spaces) : undefined), [ready]);
  const locations = useMemo(
    () => (ready && grouped ? creatableLocations(organization, ready.collections, grouped.collections) : []),
    [organization, ready, grouped],
  );
  const canCreate = locations.length > 0;

  const openForm = (kind: 'space' | 'collection', location?: string) => {
    spaces.getState().clearError(kind === 'space' ? 'createSpace' : 'createCollection');
    setForm({ kind, location: location ?? locations[0]?.value ?? '' });
  };
  const closeForm = () => {
    const opener = form?.kind === 'collection' ? newCollectionButton : newSpaceButton;
    setForm(undefined);
    requestAnimationFrame(() => opener.current?.focus());
  };

  return (
    <section className="section" id="spaces" aria-labelledby="spaces-title">
      <div className="section__header">
        <h2 id="spaces-title">Spaces</h2>
        {ready && <span className="pill">{ready.spaces.length.toLocaleString()}</span>}
        {ready && canCreate && (
          <div className="section__actions">
            <button
              ref={newCollectionButton}
              className="button"
              type="button"
              aria-expanded={form?.kind === 'collection'}
              onClick={() => (form?.kind === 'collection' ? closeForm() : openForm('collection'))}
            >
              <FolderIcon />
              New collection
            </button>
            <button
              ref={newSpaceButton}
              className="button button--primary"
              type="button"
              aria-expanded={form?.kind === 'space'}
              onClick={() => (form?.kind === 'space' ? closeForm() : openForm('space'))}
            >
              <PlusIcon />
              New space
            </button>
          </div>
        )}
      </div>

      {form?.kind === 'space' && (
        <NewSpaceForm
          key={`space-${form.location}`}
          locations={locations}
          initialLocation={form.location}
          onCancel={closeForm}
          onCreated={(space) => {
            setForm(undefined);
            void openNewSpace(stores, space);
          }}
        />
      )}
      {form?.kind === 'collection' && (
        <NewCollectionForm
          key={`collection-${form.location}`}
          locations={locations}
          initialLocation={form.location}
          onCancel={closeForm}
          onCreated={() => closeForm()}
        />
      )}

      {tree.status === 'idle' || tree.status === 'loading' ? (
        <StatusMessage kind="loading">Loading spaces…</StatusMessage>
      ) : tree.status === 'error' ? (
        <StatusMessage kind="error" onRetry={() => void spaces.getState().reload()}>
          Could not load spaces: {tree.message}
        </StatusMessage>
      ) : !grouped || (grouped.collections.length === 0 && grouped.rootSpaces.length === 0) ? (
        <div className="status status--empty" role="status">
          <div className="status__body">
            <p className="status__title">No spaces yet — create one</p>
            <p className="status__text">
              {canCreate
                ? 'A space holds one set of documentation. Collections group spaces.'
                : 'Nobody has created a space here yet, and your role does not allow you to.'}
            </p>
            {canCreate && form?.kind !== 'space' && (
              <button className="button button--primary" type="button" onClick={() => openForm('space')}>
                <PlusIcon />
                Create a space
              </button>
            )}
          </div>
        </div>
      ) : (
        <div className="space-tree">
          {grouped.collections.map((node) => (
            <CollectionGroup key={node.collection.id} node={node} depth={0} onNewSpace={(id) => openForm('space', id)} />
          ))}
          {grouped.rootSpaces.length > 0 && (
            <div className="space-group space-group--root" role="group" aria-labelledby="root-spaces-title">
              <div className="space-group__header">
                <PageIcon className="space-group__icon" />
                <h3 className="space-group__title" id="root-spaces-title">
                  Not in a collection
                </h3>
                <span className="space-group__count">{countOf(grouped.rootSpaces.length, 'space')}</span>
                {organization.permissions.createContent && (
                  <button
                    className="icon-button"
                    type="button"
                    aria-label="New space not in a collection"
                    title="New space not in a collection"
                    onClick={() => openForm('space', '')}
                  >
                    <PlusIcon />
                  </button>
                )}
              </div>
              <SpaceList spaces={grouped.rootSpaces} label="Spaces not in a collection" />
            </div>
          )}
          {ready?.truncated && (
            <p className="hint">Only the first {ready.spaces.length.toLocaleString()} spaces are shown.</p>
          )}
        </div>
      )}
    </section>
  );
}

function CollectionGroup({ node, depth, onNewSpace }: { node: CollectionNode; depth: number; onNewSpace(collectionId: string): void }) {
  const { collection } = node;
  const title = titleOrUntitled(collection.title, 'collection');
  const headingId = `collection-${collection.id}-title`;
  const total = countSpaces(node);
  const Heading = depth === 0 ? 'h3' : 'h4';

  return (
    <div className={`space-group${depth > 0 ? ' space-group--nested' : ''}`} role="group" aria-labelledby={headingId}>
      <div className="space-group__header">
        <FolderIcon className="space-group__icon" />
        <Heading className="space-group__title" id={headingId}>
          {title}
        </Heading>
        <span className="space-group__count">{countOf(total, 'space')}</span>
        {collection.permissions.create && (
          <button className="icon-button" type="button" aria-label={`New space in ${title}`} title={`New space in ${title}`} onClick={() => onNewSpace(collection.id)}>
            <PlusIcon />
          </button>
        )}
        <ShareButton target={{ kind: 'collection', collectionId: collection.id }} subject={title} canManage={collection.permissions.admin} look="icon" />
      </div>
      {node.spaces.length > 0 ? (
        <SpaceList spaces={node.spaces} label={`Spaces in ${title}`} />
      ) : (
        node.collections.length === 0 && <p className="space-group__empty">No spaces in this collection yet.</p>
      )}
      {node.collections.length > 0 && (
        <div className="space-group__children">
          {node.collections.map((child) => (
            <CollectionGroup key={child.collection.id} node={child} depth={depth + 1} onNewSpace={onNewSpace} />
          ))}
        </div>
      )}
    </div>
  );
}

function SpaceList({ spaces: items, label }: { spaces: Space[]; label: string }) {
  const { spaces } = useAppStores();
  return (
    <ul className="space-list" aria-label={label}>
      {items.map((space) => (
        <li key={space.id}>
          <button className="space-entry" id={spaceEntryId(space.id)} type="button" onClick={() => void spaces.getState().open(space.id)}>
            <span className="space-entry__emoji" aria-hidden="true">
              {space.emoji ? emojiGlyph(space.emoji) : <PageIcon />}
            </span>
            <span className="space-entry__title">{titleOrUntitled(space.title, 'space')}</span>
            {space.editMode === 'locked' && (
              <span className="badge badge--locked">
                <LockIcon size={12} />
                Locked
              </span>
            )}
            {/* In a collection, a space's visibility is its collection's: saying so on every row is noise. */}
            {space.visibility !== 'in-collection' && <span className="space-entry__meta">{visibilityLabel(space.visibility)}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}
