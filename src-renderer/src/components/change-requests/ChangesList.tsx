import { useId, useState } from 'react';
import { countOf } from '../../format';
import type { SemanticChange } from './change-requests-store';
import { isReusableContentChange, REUSABLE_CONTENT_CHANGE_TYPES, ReusableContentChangeItem } from '../reusable-contents/ReusableContentChangeItem';
import { useAppStores } from '../stores-context';
import { TextDiff } from './TextDiff';

type PageChange = Extract<SemanticChange, { page: unknown }>;
type FileChange = Extract<SemanticChange, { file: unknown }>;

const GROUPS: Array<{ title: string; types: SemanticChange['type'][] }> = [
  { title: 'Added pages', types: ['page_created'] },
  { title: 'Edited pages', types: ['page_edited'] },
  { title: 'Moved pages', types: ['page_moved'] },
  { title: 'Removed pages', types: ['page_deleted'] },
  { title: 'Reusable content', types: REUSABLE_CONTENT_CHANGE_TYPES },
  { title: 'Files', types: ['file_created', 'file_edited', 'file_deleted'] },
];

/** What the change request changes, grouped the way a reviewer reads it: added, edited, moved, removed, reusable content, files. */
export function ChangesList({ changes, more }: { changes: SemanticChange[]; more: number }) {
  return (
    <div className="cr-changes">
      {GROUPS.map((group) => {
        const items = changes.filter((change) => group.types.includes(change.type));
        if (items.length === 0) return null;
        return <ChangeGroup key={group.title} title={group.title} items={items} />;
      })}
      {more > 0 && <p className="hint">…and {countOf(more, 'more change')} not listed here.</p>}
    </div>
  );
}

function ChangeGroup({ title, items }: { title: string; items: SemanticChange[] }) {
  const heading = useId();
  return (
    <section className="cr-changes__group" aria-labelledby={heading}>
      <h4 id={heading} className="cr-changes__heading">
        {title} <span className="pill">{items.length}</span>
      </h4>
      <ul className="cr-changes__list">
        {items.map((change, index) =>
          'page' in change ? (
            <PageChangeItem key={`${change.type}:${change.page.id}`} change={change} />
          ) : isReusableContentChange(change) ? (
            <ReusableContentChangeItem key={`${change.type}:${change.reusableContent.id}`} change={change} />
          ) : (
            <FileChangeItem key={index} change={change as FileChange} />
          ),
        )}
      </ul>
    </section>
  );
}

function PageChangeItem({ change }: { change: PageChange }) {
  const { navigation } = useAppStores();
  const [expanded, setExpanded] = useState(false);
  const diffId = useId();
  const title = change.page.title || 'Untitled page';
  const diff = 'diff' in change ? change.diff : undefined;
  const summary = describe(change);

  return (
    <li className={`cr-change cr-change--${change.type}`}>
      <div className="cr-change__row">
        {change.type === 'page_deleted' ? (
          <span className="cr-change__title">{title}</span>
        ) : (
          <button className="cr-change__title cr-change__open" type="button" onClick={() => navigation.getState().openPage(change.page.id)}>
            {title}
            <span className="visually-hidden"> (open in the editor)</span>
          </button>
        )}
        {diff && (
          <button className="button button--quiet cr-change__toggle" type="button" aria-expanded={expanded} aria-controls={diffId} onClick={() => setExpanded(!expanded)}>
            {expanded ? 'Hide text' : 'Show text'}
            <span className="visually-hidden"> changes of {title}</span>
          </button>
        )}
      </div>
      {summary && <p className="hint cr-change__summary">{summary}</p>}
      {diff && expanded && (
        <div id={diffId}>
          <TextDiff lines={diff} label={`Text changes of ${title}`} />
        </div>
      )}
    </li>
  );
}

/** A short line under the title: what besides the text changed. */
function describe(change: PageChange): string | undefined {
  if (change.type === 'page_moved') {
    const to = change.parent.after?.title;
    const from = change.parent.before?.title;
    return `Moved ${from ? `from “${from}”` : 'from the top level'} ${to ? `into “${to}”` : 'to the top level'}`;
  }
  if (change.type !== 'page_edited') return change.page.path ? `/${change.page.path}` : undefined;
  const attributes = change.attributes as Record<string, { before?: string; after?: string } | undefined>;
  const parts: string[] = [];
  if (attributes.title) parts.push(`renamed from “${attributes.title.before ?? ''}”`);
  if (attributes.document) parts.push('text edited');
  if (attributes.emoji) parts.push(attributes.emoji.after ? 'emoji changed' : 'emoji removed');
  if (attributes.description) parts.push('description edited');
  if (attributes.slug && !attributes.title) parts.push(`address now /${change.page.path ?? ''}`);
  const text = parts.join(', ');
  return text ? text[0]!.toUpperCase() + text.slice(1) : undefined;
}

const FILE_VERBS = { file_created: 'Added', file_edited: 'Changed', file_deleted: 'Removed' } as const;

function FileChangeItem({ change }: { change: FileChange }) {
  return (
    <li className={`cr-change cr-change--${change.type}`}>
      <div className="cr-change__row">
        <span className="cr-change__title">{change.file.name}</span>
      </div>
      <p className="hint cr-change__summary">
        {FILE_VERBS[change.type]} · {change.file.contentType}
      </p>
    </li>
  );
}
