import { type FormEvent, type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { findPages, pageFileLocation } from '../../editor/formatting/page-locations';
import { insertLink, relativePageLink } from '../../editor/formatting/links';
import type { TreePage } from '../page-tree/tree-data';
import type { PageEditorView } from '../../editor/codemirror-setup';
import { ModalDialog } from '../ModalDialog';
import { useAppStores } from '../stores-context';

interface LinkPickerProps {
  editor: PageEditorView;
  /** The page being edited: links are written relative to its file. */
  pageId: string;
  onClose(): void;
}

/**
 * Ctrl/Cmd-K and the Link button: links the selection (or inserts a link) to a page of the space, found by
 * its title, or to a URL. A page is linked as GitBook's Git Sync writes it, by the relative path of its file,
 * which import and `/v1` read as a page reference.
 */
export function LinkPicker({ editor, pageId, onClose }: LinkPickerProps) {
  const { pageTree } = useAppStores();
  const tree = useStore(pageTree, (state) => state.tree);
  const [query, setQuery] = useState('');
  const [url, setUrl] = useState('');
  const [active, setActive] = useState(0);
  const baseId = useId();
  // Paths come with the outline: a page created or renamed since it was loaded has its path after a reload.
  useEffect(() => {
    void pageTree.getState().reload();
  }, [pageTree]);
  const pages = useMemo(() => findPages(tree, query).filter((page) => pageFileLocation(tree, page)), [tree, query]);
  const selected = editor.view.state.sliceDoc(editor.view.state.selection.main.from, editor.view.state.selection.main.to);

  const insert = (href: string, text: string) => {
    editor.view.dispatch(insertLink(editor.view.state, href, text));
    onClose();
    editor.view.focus();
  };
  const choosePage = (page: TreePage | undefined) => {
    const from = tree.pages[pageId];
    const fromLocation = from && pageFileLocation(tree, from);
    const toLocation = page && pageFileLocation(tree, page);
    if (!fromLocation || !toLocation || !page) return;
    insert(relativePageLink(fromLocation, toLocation), page.title || 'Untitled page');
  };
  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (pages.length === 0 ? 0 : (index + step + pages.length) % pages.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choosePage(pages[active]);
    }
  };
  const onSubmitUrl = (event: FormEvent) => {
    event.preventDefault();
    if (url.trim()) insert(url.trim(), selected);
  };

  const optionId = (index: number) => `${baseId}-page-${index}`;
  return (
    <ModalDialog title="Insert link" onClose={onClose} className="link-picker">
      <label className="field-label" htmlFor={`${baseId}-search`}>
        Search pages
      </label>
      <input
        id={`${baseId}-search`}
        className="input"
        type="text"
        role="combobox"
        aria-expanded={pages.length > 0}
        aria-controls={`${baseId}-pages`}
        aria-activedescendant={pages.length > 0 ? optionId(active) : undefined}
        autoComplete="off"
        value={query}
        data-autofocus
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onSearchKeyDown}
      />
      <ul id={`${baseId}-pages`} className="link-picker__pages" role="listbox" aria-label="Pages">
        {pages.map((page, index) => (
          <li
            key={page.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={`link-picker__page${index === active ? ' link-picker__page--active' : ''}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choosePage(page)}
          >
            {page.title || 'Untitled page'}
          </li>
        ))}
      </ul>
      {pages.length === 0 && <p className="hint">No page of this space is called that.</p>}
      <form className="link-picker__url" onSubmit={onSubmitUrl}>
        <label className="field-label" htmlFor={`${baseId}-url`}>
          Or a web address
        </label>
        <input id={`${baseId}-url`} className="input" type="url" placeholder="https://" value={url} onChange={(event) => setUrl(event.target.value)} />
        <button className="button" type="submit" disabled={!url.trim()}>
          Insert link
        </button>
      </form>
    </ModalDialog>
  );
}
