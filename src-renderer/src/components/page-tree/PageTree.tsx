import type { Space } from '../../api/types';

/** The space's page tree (create, rename, emoji, drag and drop, delete with undo, comment counts). (Placeholder, replaced by the feature.) */
export function PageTree({ space: _space }: { space: Space }) {
  return null;
}
