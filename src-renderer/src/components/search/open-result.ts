import type { AppStores } from '../../stores/app-stores';
import type { SearchOption } from './search-store';

/**
 * Opens a search result: its space (if another is open), then its page at the section's heading. Opening a
 * space resets navigation synchronously (followSpace), so the page is set after it.
 */
export function openResult(stores: Pick<AppStores, 'spaces' | 'navigation'>, option: SearchOption): void {
  const spaces = stores.spaces.getState();
  if (spaces.openSpaceId !== option.spaceId) void spaces.open(option.spaceId);
  const navigation = stores.navigation.getState();
  navigation.closeDialog();
  // Search covers the live content: leave a revision being looked at.
  if (navigation.revisionId) navigation.openRevision(undefined);
  navigation.openPage(option.pageId, option.anchor);
}
