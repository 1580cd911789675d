import type { Space } from '../../api/types';

/** Chooses the content the editor shows: main, or one of the space's change requests; creates one. (Placeholder, replaced by the feature.) */
export function ContentSwitcher({ space: _space }: { space: Space }) {
  return null;
}
