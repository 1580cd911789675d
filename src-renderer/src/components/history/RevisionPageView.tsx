import type { Space } from '../../api/types';

/** A page at a revision, read-only. (Placeholder, replaced by the feature.) */
export function RevisionPageView({ space: _space }: { space: Space }) {
  return null;
}
