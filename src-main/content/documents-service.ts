import { markdownToDocument } from '../../src-shared/gitbook-markdown/markdown-to-document';
import type { ServiceContext } from '../app/context';
import { notFound } from '../errors';
import { documentOptions, linkScopeOf, treeLinkScope } from '../links/content-refs';
import { requireSpace } from '../spaces/access';
import { getBody, getRevisionById, type RevisionRow } from '../store/revisions';
import { spaceUsesBody } from '../store/content-documents';
import { spaceReusableUsingBody } from '../store/content-reusables';

const reusableUsage = (found: { treeId: string } | undefined) => found && { treeId: found.treeId, pageId: null };
import { contentAtRevision } from './read-service';

/**
 * GitBook's JSON document of a page as a revision recorded it, its links to the revision's pages and files
 * as references (as `format=document` reads give them).
 */
export function pageDocumentInRevision(ctx: ServiceContext & { baseUrl: string }, spaceId: string, revisionId: string, pageId: string) {
  const snapshot = contentAtRevision(ctx, spaceId, revisionId);
  const view = snapshot.pages.find((page) => page.page_id === pageId);
  if (!view) throw notFound(`Page "${pageId}" not found in this revision`);
  // Groups and links have no body: their document is empty, as GitBook's "Empty" page document is.
  const scope = linkScopeOf(snapshot.pages, snapshot.files, new URL(ctx.baseUrl).origin, snapshot.reusables);
  return markdownToDocument(snapshot.markdownOf(pageId), documentOptions(scope, pageId));
}

/**
 * A document by id. Folio names a body by the SHA-256 of its markdown (the key `content_bodies` stores it
 * under), and that is the `document` id a revision's semantic changes give for a page's before and after.
 * A body is a document of this space when one of the space's pages held it at some revision (main
 * content or a change request): ids of other spaces' bodies are 404 here, as unknown ones are.
 */
export function documentById(ctx: ServiceContext & { baseUrl: string }, spaceId: string, documentId: string) {
  const { space } = requireSpace(ctx, spaceId);
  const hash = documentId.toLowerCase();
  const wellFormed = /^[0-9a-f]{64}$/.test(hash);
  // A page's body, else a reusable content's (whose links resolve from the root: it belongs to no page).
  const usage =
    (wellFormed ? spaceUsesBody(ctx.db, space.id, hash) : undefined) ??
    (wellFormed ? reusableUsage(spaceReusableUsingBody(ctx.db, space.id, hash)) : undefined);
  const markdown = usage ? getBody(ctx.db, hash) : undefined;
  if (!usage || markdown === undefined) throw notFound(`Document "${documentId}" not found in this space`);
  // Links resolve against the content the body belongs to as it is now (a body is shared by every revision that kept it).
  const scope = treeLinkScope(ctx.db, usage.treeId, new URL(ctx.baseUrl).origin);
  return markdownToDocument(markdown, documentOptions(scope, usage.pageId));
}

/** A revision of a space the caller can read (else 404), without reading its content. */
export function requireRevision(ctx: ServiceContext, spaceId: string, revisionId: string): RevisionRow {
  const { space } = requireSpace(ctx, spaceId);
  const revision = getRevisionById(ctx.db, revisionId);
  if (!revision || revision.space_id !== space.id) throw notFound(`Revision "${revisionId}" not found in this space`);
  return revision;
}
