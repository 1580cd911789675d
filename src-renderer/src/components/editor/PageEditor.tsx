import type { Space } from '../../api/types';

/** The open page, edited live (CodeMirror 6 bound to the page's Y.Text) with a preview. (Placeholder, replaced by the feature.) */
export function PageEditor({ space: _space }: { space: Space }) {
  return null;
}
