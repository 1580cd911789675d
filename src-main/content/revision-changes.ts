import type { ServiceContext } from '../app/context';
import { compareContent, type ContentChange } from '../change-requests/semantic-changes';
import { contentAtRevision, type ContentSnapshot } from './read-service';

/**
 * What a revision changed: its content against its first parent's (the revision it was cut on top of; for
 * a merge, main's previous revision, so the changes are what the merge brought in). The first revision of a
 * space has no parent and is compared with empty content: everything in it was created by it.
 */
export function revisionChanges(ctx: ServiceContext, spaceId: string, revisionId: string): ContentChange[] {
  const head = contentAtRevision(ctx, spaceId, revisionId);
  const parentId = (JSON.parse(head.revision.parents) as string[])[0];
  const base = parentId ? contentAtRevision(ctx, spaceId, parentId) : emptyContent(head);
  return compareContent(base, head);
}

const emptyContent = (like: ContentSnapshot): ContentSnapshot => ({ revision: like.revision, pages: [], files: [], reusables: [], markdownOf: () => '' });
