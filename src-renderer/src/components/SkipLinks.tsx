import type { MouseEvent } from 'react';
import { useNavigation, useSpaces } from './stores-context';

/** Where each link sends the keyboard: the tree's current item (its roving tab stop), the editor's text. */
const TREE_ITEM = '.space-screen__tree [role="treeitem"][tabindex="0"]';
const TREE = '.space-screen__tree';
const EDITOR_TEXT = '.space-screen__main .cm-content';

/**
 * "Skip to page tree" and "Skip to editor", first in the tab order and shown when focused, while a space (and a
 * page in the editor) is open. They move focus themselves rather than following `#fragment` links: the
 * address's hash is the app's route, and neither target is an element a fragment would focus.
 */
export function SkipLinks() {
  const spaceOpen = useSpaces((state) => state.openSpaceId !== undefined);
  const editing = useNavigation((state) => state.pageId !== undefined && state.revisionId === undefined);
  if (!spaceOpen) return null;
  return (
    <>
      <a className="skip-link" href="#page-tree" onClick={(event) => skipTo(event, TREE_ITEM, TREE)}>
        Skip to page tree
      </a>
      {editing && (
        <a className="skip-link" href="#editor" onClick={(event) => skipTo(event, EDITOR_TEXT)}>
          Skip to editor
        </a>
      )}
    </>
  );
}

function skipTo(event: MouseEvent, selector: string, fallback?: string) {
  event.preventDefault();
  const target = document.querySelector<HTMLElement>(selector) ?? (fallback ? document.querySelector<HTMLElement>(fallback) : null);
  if (!target) return;
  // A container (an empty tree's column) takes focus only from script, as a skip target.
  if (!target.matches('a[href], button, input, select, textarea, [tabindex], [contenteditable="true"]')) target.tabIndex = -1;
  target.focus();
  target.scrollIntoView({ block: 'nearest' });
}
