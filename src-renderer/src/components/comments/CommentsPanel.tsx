import type { Space } from '../../api/types';

/** The open page's comment threads. (Placeholder, replaced by the feature.) */
export function CommentsPanel({ space: _space }: { space: Space }) {
  return null;
}
