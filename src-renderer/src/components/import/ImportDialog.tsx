import type { Space } from '../../api/types';

/** Imports content into the space, with progress and the result. (Placeholder, replaced by the feature.) */
export function ImportDialog({ space: _space }: { space: Space }) {
  return null;
}
