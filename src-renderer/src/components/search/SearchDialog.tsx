import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { selectedOrganization } from '../../stores/organizations-store';
import { cycleFocus } from '../focus-trap';
import { useAppStores, useOrganizations } from '../stores-context';
import { openResult } from './open-result';
import { SearchResults } from './SearchResults';

/**
 * The command palette: a modal over the window searching the open organization as one types, with the
 * keyboard (ArrowUp/Down, Enter, Escape) or the mouse. Focus stays inside while open and returns where it
 * was when it closes without opening a result.
 */
export function SearchDialog() {
  const stores = useAppStores();
  const { navigation, search } = stores;
  const organization = useOrganizations(selectedOrganization);
  const state = useStore(search);
  const baseId = useId();
  const input = useRef<HTMLInputElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  // Read during the first render, before the input takes focus: where focus goes back to.
  const [previousFocus] = useState(() => document.activeElement as HTMLElement | null);
  const restoreFocus = useRef(true);
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const listId = `${baseId}-results`;
  const orgTitle = organization?.title || 'this organization';

  useEffect(() => {
    input.current?.focus();
    return () => {
      search.getState().reset();
      if (restoreFocus.current && previousFocus?.isConnected) previousFocus.focus();
      else if (!restoreFocus.current) {
        // A result opened: unless the page took focus, start from the main column.
        requestAnimationFrame(() => {
          if (document.activeElement === document.body) document.getElementById('main')?.focus();
        });
      }
    };
  }, [search, previousFocus]);

  useEffect(() => {
    if (state.activeIndex >= 0) document.getElementById(`${baseId}-option-${state.activeIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [baseId, state.activeIndex, state.options]);

  const close = () => navigation.getState().closeDialog();
  const choose = (index: number) => {
    const option = search.getState().options[index];
    if (!option) return;
    restoreFocus.current = false;
    openResult(stores, option);
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      search.getState().move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(search.getState().activeIndex);
    }
  };

  const onDialogKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else {
      // Modal: Tab cycles through the dialog's own controls.
      cycleFocus(event, dialog.current);
    }
  };

  const hasResults = state.options.length > 0;
  const status = !organization
    ? 'Choose an organization first: search looks through one organization’s spaces.'
    : state.status === 'idle'
      ? `Type to search ${orgTitle}`
      : state.status === 'error'
        ? `Could not search: ${state.message}`
        : state.status === 'searching' && !hasResults
          ? 'Searching…'
          : !hasResults
            ? `No results for “${state.answered}”`
            : `${state.options.length} ${state.options.length === 1 ? 'result' : 'results'}${state.status === 'searching' ? ' (updating…)' : ''}`;

  return (
    <div className="palette-backdrop" onMouseDown={(event) => event.target === event.currentTarget && close()}>
      <div ref={dialog} className="palette" role="dialog" aria-modal="true" aria-label="Search" onKeyDown={onDialogKeyDown}>
        <div className="palette__field">
          <label className="visually-hidden" htmlFor={`${baseId}-input`}>
            Search {orgTitle}
          </label>
          <input
            ref={input}
            id={`${baseId}-input`}
            className="palette__input"
            type="text"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            aria-autocomplete="list"
            aria-expanded={hasResults}
            aria-controls={listId}
            aria-activedescendant={state.activeIndex >= 0 ? optionId(state.activeIndex) : undefined}
            placeholder={`Search ${orgTitle}…`}
            value={state.query}
            onChange={(event) => search.getState().setQuery(event.target.value, organization?.id)}
            onKeyDown={onInputKeyDown}
          />
          <kbd className="palette__kbd">Esc</kbd>
        </div>
        <div className={`palette__status${state.status === 'error' ? ' palette__status--error' : ''}`} role="status">
          {state.status === 'searching' && <span className="spinner" aria-hidden="true" />}
          <span>{status}</span>
          {state.status === 'error' && (
            <button className="button button--quiet" type="button" onClick={() => search.getState().retry()}>
              Try again
            </button>
          )}
        </div>
        <SearchResults
          id={listId}
          groups={state.groups}
          options={state.options}
          activeIndex={state.activeIndex}
          optionId={optionId}
          onHover={(index) => search.getState().setActive(index)}
          onChoose={choose}
        />
        <p className="palette__help hint" aria-hidden="true">
          ↑ ↓ to move · Enter to open · Esc to close
        </p>
      </div>
    </div>
  );
}
