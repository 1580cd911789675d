import { roleAtLeast } from '../../src-shared/roles';
import type { ServiceContext } from '../app/context';
import { requireMembership } from '../orgs/access';
import { spaceRole } from '../spaces/access';
import { recentPagesEditedBy } from '../store/recent-pages';
import { getSpace, listLiveSpaceIds } from '../store/spaces';
import type { PageMeta } from './tree-model';

const RECENT_PAGES_DEFAULT_LIMIT = 8;

export interface RecentPage {
  spaceId: string;
  spaceTitle: string;
  pageId: string;
  title: string;
  emoji?: string;
  path: string;
  /** When the caller last changed it (the revision their edits became). */
  editedAt: string;
}

/**
 * The pages the caller edited last across the organization's spaces they can read, newest first: where a
 * writer picks up their work. Only live (not deleted) spaces and pages, and only the space's main content.
 */
export function listRecentPages(ctx: ServiceContext, organizationId: string, limit = RECENT_PAGES_DEFAULT_LIMIT): RecentPage[] {
  const { org } = requireMembership(ctx, organizationId);
  const readable = listLiveSpaceIds(ctx.db, org.id).filter((id) => {
    const space = getSpace(ctx.db, id);
    return space !== undefined && roleAtLeast(spaceRole(ctx, space), 'read');
  });
  return recentPagesEditedBy(ctx.db, ctx.user.id, readable, limit).map((row) => {
    const meta = JSON.parse(row.meta) as PageMeta;
    return {
      spaceId: row.space_id,
      spaceTitle: row.space_title,
      pageId: row.page_id,
      title: row.title,
      ...(meta.emoji ? { emoji: meta.emoji } : {}),
      path: row.path,
      editedAt: row.edited_at,
    };
  });
}
