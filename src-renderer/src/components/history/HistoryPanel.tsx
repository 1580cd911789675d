import type { Space } from '../../api/types';

/** The space's revisions. (Placeholder, replaced by the feature.) */
export function HistoryPanel({ space: _space }: { space: Space }) {
  return null;
}
