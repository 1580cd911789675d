import { type DragEvent, type KeyboardEvent, type MouseEvent, memo, useEffect, useRef } from 'react';
import type { DropTarget, TreePage } from './tree-data';
import type { VisibleRow } from './visible-rows';
import { ChevronIcon, CommentIcon, LinkIcon, MoreIcon, PageIcon } from '../Icons';
import { emojiGlyph } from '../../../../src-shared/emoji';

/** Every row is this tall, which lets the tree show only the rows in view (windowing). */
export const ROW_HEIGHT = 32;
const INDENT = 16;

export const rowDomId = (pageId: string) => `page-tree-${pageId}`;

/** What rows call back; one stable object for the whole tree, so rows stay memoized. */
export interface RowHandlers {
  activate(pageId: string): void;
  toggle(pageId: string): void;
  focus(pageId: string): void;
  openMenu(pageId: string, button: HTMLElement): void;
  /** `refocus`: the writer pressed Enter or Escape, so focus goes back to the row (not after a click elsewhere). */
  commitRename(pageId: string, title: string, refocus: boolean): void;
  cancelRename(pageId: string, refocus: boolean): void;
  dragStart(pageId: string, event: DragEvent<HTMLElement>): void;
  dragOver(pageId: string, event: DragEvent<HTMLElement>): void;
  drop(pageId: string, event: DragEvent<HTMLElement>): void;
  dragEnd(): void;
}

/** Primitives rather than the row object (rebuilt on every expand), so memo compares them cheaply. */
interface PageTreeRowProps extends Omit<VisibleRow, 'id'> {
  page: TreePage;
  index: number;
  commentCount: number;
  selected: boolean;
  tabbable: boolean;
  editable: boolean;
  renaming: boolean;
  dragging: boolean;
  drop?: DropTarget['position'];
  handlers: RowHandlers;
}

/** One page of the tree: a treeitem with its icon or emoji, title, open comment count and actions. */
export const PageTreeRow = memo(function PageTreeRow(props: PageTreeRowProps) {
  const { page, index, commentCount, selected, tabbable, editable, renaming, dragging, drop, handlers } = props;
  const row = props;
  const domId = rowDomId(page.id);
  const labelledBy = commentCount > 0 ? `${domId}-title ${domId}-count` : `${domId}-title`;
  const classes = ['page-tree__row', `page-tree__row--${page.type}`];
  if (selected) classes.push('page-tree__row--selected');
  if (dragging) classes.push('page-tree__row--dragging');
  if (drop) classes.push(`page-tree__row--drop-${drop}`);

  return (
    <div
      role="treeitem"
      id={domId}
      data-page-id={page.id}
      className={classes.join(' ')}
      style={{ top: index * ROW_HEIGHT, paddingLeft: 6 + (row.level - 1) * INDENT }}
      aria-level={row.level}
      aria-setsize={row.setSize}
      aria-posinset={row.posInSet}
      aria-expanded={row.hasChildren ? row.expanded : undefined}
      aria-selected={selected}
      aria-labelledby={renaming ? undefined : labelledBy}
      aria-label={renaming ? `Renaming ${page.title}` : undefined}
      tabIndex={tabbable ? 0 : -1}
      title={page.type === 'link' ? `Link to ${page.href ?? 'another place'}` : undefined}
      draggable={editable && !renaming}
      onFocus={(event) => event.target === event.currentTarget && handlers.focus(page.id)}
      onClick={(event: MouseEvent) => {
        if ((event.target as HTMLElement).closest('button, input')) return;
        handlers.focus(page.id);
        handlers.activate(page.id);
      }}
      onDragStart={(event) => handlers.dragStart(page.id, event)}
      onDragOver={(event) => handlers.dragOver(page.id, event)}
      onDrop={(event) => handlers.drop(page.id, event)}
      onDragEnd={() => handlers.dragEnd()}
    >
      <span
        className={`page-tree__twisty${row.expanded ? ' page-tree__twisty--open' : ''}`}
        aria-hidden="true"
        onClick={(event) => {
          event.stopPropagation();
          if (row.hasChildren) handlers.toggle(page.id);
        }}
      >
        {row.hasChildren && <ChevronIcon />}
      </span>
      {page.type !== 'group' && (
        <span className="page-tree__icon" aria-hidden="true">
          {page.emoji ? emojiGlyph(page.emoji) : page.type === 'link' ? <LinkIcon /> : <PageIcon />}
        </span>
      )}
      {renaming ? (
        <RenameInput page={page} handlers={handlers} />
      ) : (
        // The title in full on hover, where the column cuts it short.
        <span className="page-tree__title" id={`${domId}-title`} title={page.title || 'Untitled'}>
          {page.type === 'group' && page.emoji ? `${page.emoji} ` : ''}
          {page.title || 'Untitled'}
        </span>
      )}
      {commentCount > 0 && (
        <span className="page-tree__count" id={`${domId}-count`} title={commentLabel(commentCount)}>
          <CommentIcon />
          <span aria-hidden="true">{commentCount}</span>
          <span className="visually-hidden">{commentLabel(commentCount)}</span>
        </span>
      )}
      {editable && !renaming && (
        <button
          type="button"
          className="icon-button page-tree__actions"
          tabIndex={-1}
          aria-label="Page actions"
          aria-haspopup="menu"
          title="Page actions (Shift+F10)"
          onClick={(event) => {
            event.stopPropagation();
            handlers.openMenu(page.id, event.currentTarget);
          }}
        >
          <MoreIcon />
        </button>
      )}
    </div>
  );
});

const commentLabel = (count: number) => `${count} open comment${count === 1 ? '' : 's'}`;

/** The title, edited in place: Enter saves, Escape keeps the old one, leaving the field saves a change. */
function RenameInput({ page, handlers }: { page: TreePage; handlers: RowHandlers }) {
  const input = useRef<HTMLInputElement>(null);
  const settled = useRef(false);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  const settle = (how: 'enter' | 'blur' | 'escape') => {
    const value = input.current?.value.trim() ?? '';
    // An empty title is no title: Enter keeps the field open (the hint says why), leaving it keeps the old one.
    if (settled.current || (how === 'enter' && !value)) return;
    settled.current = true;
    if (how !== 'escape' && value && value !== page.title) handlers.commitRename(page.id, value, how === 'enter');
    else handlers.cancelRename(page.id, how !== 'blur');
  };
  return (
    <input
      ref={input}
      className="page-tree__rename"
      aria-label="Page title"
      required
      defaultValue={page.title}
      maxLength={255}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        // The tree's own keys (arrows, Delete, F2) mean nothing while typing a title.
        event.stopPropagation();
        if (event.key === 'Enter') settle('enter');
        if (event.key === 'Escape') settle('escape');
      }}
      onBlur={() => settle('blur')}
      onClick={(event) => event.stopPropagation()}
    />
  );
}
