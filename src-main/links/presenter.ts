import type { CallContext } from '../app/context';
import { presentPage } from '../content/presenter';
import { presentFile } from '../files/presenter';
import { requireMembership } from '../orgs/access';
import { presentOrganizationFor } from '../orgs/presenter';
import { presentSpaceFor } from '../spaces/presenter';
import { allLiveFiles } from '../store/content-files';
import type { ContentPageRow } from '../store/content-pages';
import type { SpaceRow } from '../store/spaces';
import type { LinkTarget } from './resolve';

/**
 * GitBook's ContentLocation objects: where a link points, or where it is written. They carry the
 * organization, space and page or file in full, as GitBook's do.
 */
export function locationPresenter(ctx: CallContext, space: SpaceRow, pages: Map<string, ContentPageRow>, treeId = space.id) {
  const { org, role } = requireMembership(ctx, space.organization_id);
  const organization = presentOrganizationFor(ctx, org, role);
  const spaceObject = presentSpaceFor(ctx, space);
  const markdownOf = (pageId: string) => pages.get(pageId)?.markdown ?? '';
  const files = new Map(allLiveFiles(ctx.db, treeId).map((f) => [f.file_id, f]));

  const pageLocation = (pageId: string, anchor?: string) => ({
    kind: 'page' as const,
    organization,
    space: spaceObject,
    page: presentPage(pages.get(pageId)!, ctx, { spaceId: space.id, markdownOf }),
    ...(anchor ? { internalLocation: { type: 'anchor' as const, anchor } } : {}),
  });

  return {
    page: pageLocation,
    target(target: LinkTarget) {
      if (target.kind === 'page') return pageLocation(target.pageId, target.anchor);
      if (target.kind === 'file') {
        return { kind: 'file' as const, organization, space: spaceObject, file: presentFile(files.get(target.fileId)!, { ...ctx, now: ctx.clock.now() }) };
      }
      return { kind: 'url' as const, url: target.url };
    },
  };
}
