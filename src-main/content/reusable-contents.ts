import { markdownToDocument } from '../../src-shared/gitbook-markdown/markdown-to-document';
import type { ServiceContext } from '../app/context';
import { notFound } from '../errors';
import { documentOptions, treeLinkScope } from '../links/content-refs';
import { contentAtRevision, contentTarget, type ReusableView } from './read-service';
import { getLiveReusable } from '../store/content-reusables';
import { bodyHash, getBody } from '../store/revisions';
import { requireRevision } from './documents-service';

/** Main content, a change request's content, or a revision. */
interface ReusableContentScope {
  spaceId: string;
  changeRequestId?: string;
  revisionId?: string;
}

/** A reusable content as a read finds it: its record and its markdown. */
interface FoundReusable {
  view: ReusableView;
  markdown: string;
}

/**
 * One reusable content of a space's content now (main or a change request's) or at a revision. The caller's
 * access to the content is checked first: an unreadable space, change request or revision stays a 404 about it.
 */
export function findReusableContent(ctx: ServiceContext, scope: ReusableContentScope, reusableContentId: string): FoundReusable {
  if (scope.revisionId) {
    requireRevision(ctx, scope.spaceId, scope.revisionId);
    const snapshot = contentAtRevision(ctx, scope.spaceId, scope.revisionId);
    const view = snapshot.reusables.find((reusable) => reusable.reusable_id === reusableContentId);
    if (!view) throw notFound(`Reusable content "${reusableContentId}" not found in this revision`);
    return { view, markdown: getBody(ctx.db, view.body_hash) ?? '' };
  }
  const target = contentTarget(ctx, scope.spaceId, scope.changeRequestId);
  const row = getLiveReusable(ctx.db, target.treeId, reusableContentId);
  if (!row) throw notFound(`Reusable content "${reusableContentId}" not found${scope.changeRequestId ? ' in this change request' : ''}`);
  return { view: { reusable_id: row.reusable_id, title: row.title, slug: row.slug, body_hash: bodyHash(row.markdown) }, markdown: row.markdown };
}

/** GitBook's RevisionReusableContent: its document is named by its body's hash, as a page's is. */
export function presentReusableContent(view: ReusableView) {
  return { id: view.reusable_id, title: view.title, document: view.body_hash };
}

/**
 * The JSON document of a reusable content at a revision. Its links resolve against the space's content now
 * and from the space's root: the body belongs to no page.
 */
export function reusableContentDocument(ctx: ServiceContext & { baseUrl: string }, scope: ReusableContentScope, reusableContentId: string) {
  const found = findReusableContent(ctx, scope, reusableContentId);
  const scopeNow = treeLinkScope(ctx.db, scope.spaceId, new URL(ctx.baseUrl).origin);
  return markdownToDocument(found.markdown, documentOptions(scopeNow, null));
}
