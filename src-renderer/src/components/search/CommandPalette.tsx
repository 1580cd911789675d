import { useEffect } from 'react';
import { editorOwnsLinkShortcut } from '../../editor/formatting/requests';
import { useAppStores, useNavigation } from '../stores-context';
import { SearchDialog } from './SearchDialog';

/** Ctrl-K on Windows and Linux, Cmd-K on macOS (either works everywhere). */
function isPaletteShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
}

/**
 * Ctrl/Cmd-K toggles the search palette from anywhere but the page text being written, where it inserts a
 * link (editor/formatting); the toolbar's Search button opens it too (it sets
 * `navigation.dialog`). The key is caught on the window in the capture phase, before the editor (CodeMirror)
 * or a text field can act on it.
 */
export function CommandPalette() {
  const { navigation } = useAppStores();
  const open = useNavigation((state) => state.dialog === 'search');

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event) || editorOwnsLinkShortcut(event.target)) return;
      event.preventDefault();
      event.stopPropagation();
      const state = navigation.getState();
      if (state.dialog === 'search') state.closeDialog();
      else state.openDialog('search');
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [navigation]);

  return open ? <SearchDialog /> : null;
}
