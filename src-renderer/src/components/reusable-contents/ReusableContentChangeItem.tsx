import { useId, useState } from 'react';
import type { SemanticChange } from '../change-requests/change-requests-store';
import { TextDiff } from '../change-requests/TextDiff';
import { useAppStores } from '../stores-context';

type ReusableContentChange = Extract<SemanticChange, { reusableContent: unknown }>;

export const REUSABLE_CONTENT_CHANGE_TYPES: SemanticChange['type'][] = ['reusable_content_created', 'reusable_content_edited', 'reusable_content_deleted'];

export const isReusableContentChange = (change: SemanticChange): change is ReusableContentChange => 'reusableContent' in change;

/** One reusable content's change in a change request: what happened to it, and its text diff as a page's shows. */
export function ReusableContentChangeItem({ change }: { change: ReusableContentChange }) {
  const { navigation } = useAppStores();
  const [expanded, setExpanded] = useState(false);
  const diffId = useId();
  const title = change.reusableContent.title || 'Untitled reusable content';
  const diff = 'diff' in change ? change.diff : undefined;

  return (
    <li className={`cr-change cr-change--${change.type}`}>
      <div className="cr-change__row">
        {change.type === 'reusable_content_deleted' ? (
          <span className="cr-change__title">{title}</span>
        ) : (
          <button className="cr-change__title cr-change__open" type="button" onClick={() => navigation.getState().openReusableContent(change.reusableContent.id)}>
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
      <p className="hint cr-change__summary">{describeReusableContentChange(change)}</p>
      {diff && expanded && (
        <div id={diffId}>
          <TextDiff lines={diff} label={`Text changes of ${title}`} />
        </div>
      )}
    </li>
  );
}

/** The line under the title: added, removed, or what of it was edited. */
export function describeReusableContentChange(change: Pick<ReusableContentChange, 'type'> & { attributes?: unknown }): string {
  if (change.type === 'reusable_content_created') return 'Added';
  if (change.type === 'reusable_content_deleted') return 'Removed: pages including it show nothing there';
  const attributes = (change.attributes ?? {}) as Record<string, { before?: string; after?: string } | undefined>;
  const parts: string[] = [];
  if (attributes.title) parts.push(`renamed from “${attributes.title.before ?? ''}”`);
  if (attributes.document) parts.push('text edited');
  const text = parts.join(', ') || 'edited';
  return text[0]!.toUpperCase() + text.slice(1);
}
