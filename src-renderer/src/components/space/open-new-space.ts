import type { Space } from '../../api/types';
import type { AppStores } from '../../stores/app-stores';

/**
 * A space just created opens on its first page, ready to type: a new space has no page yet, so an
 * "Untitled" one is created (the page tree's own "New page", through the same service) and opened with its
 * title selected. Someone who cannot edit the space sees its overview instead.
 */
export async function openNewSpace(stores: Pick<AppStores, 'spaces' | 'pageTree'>, space: Space): Promise<void> {
  await stores.spaces.getState().open(space.id);
  if (!space.permissions.edit || space.editMode === 'locked') return;
  if (stores.spaces.getState().openSpaceId !== space.id) return; // the writer went elsewhere meanwhile
  await stores.pageTree.getState().createPage();
}
