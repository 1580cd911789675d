/** Ctrl/Cmd-K: search the organization and jump to a page section. (Placeholder, replaced by the feature.) */
export function CommandPalette() {
  return null;
}
