import type { Space } from '../../api/types';

/** What the open change request changes, and update / merge / archive. (Placeholder, replaced by the feature.) */
export function ChangeRequestPanel({ space: _space }: { space: Space }) {
  return null;
}
