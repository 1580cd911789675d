import { generateKeyBetween } from 'fractional-indexing';
import type * as Y from 'yjs';
import type { ContentChange } from '../../src-shared/schemas/change-request-content';
import { type ServiceContext, isoNow } from '../app/context';
import { cutRevision, refreshTreeRows, treeDocId, writeBody, type TreeRef } from '../content/engine';
import { documentToMarkdown } from '../../src-shared/gitbook-markdown/to-markdown';
import { slugify } from '../../src-shared/gitbook-markdown/headings';
import { includeScopeOf } from '../content/includes';
import { materialize } from '../content/materialize';
import { readReusables } from '../content/reusables-model';
import { compareOrder, descendantsOf, readFiles, readPages, removePageAndDescendants, writePage, type PageRecord } from '../content/tree-model';
import { contentAtRevision } from '../content/read-service';
import { badRequest } from '../errors';
import { addFileToTree, type NewFile } from '../files/service';
import { fetchResource } from '../import/source';
import { type NetworkPolicy, NetworkRefusal } from '../net/network-policy';
import { newId } from '../store/ids';
import { addContributor } from '../store/change-requests';
import { assertChangeRequestOpenForEdits, requireChangeRequest, treeOf } from './access';
import { documentBodyWriter } from './document-bodies';
import { resolveContentLinks } from './markdown-links';

/** A page body to write: markdown as sent, or converted from the GitBook document sent (`document`). */
type Body = { pageId: string; markdown: string; document?: unknown };

type Outcome =
  | { object: 'created_page'; ref?: string; pageId: string }
  | { object: 'updated_page'; pageId: string }
  | { object: 'deleted_page'; pageId: string };

const MAX_URL_FILE_BYTES = 100 * 1024 * 1024;

/**
 * POST .../change-requests/{id}/content: up to 50 changes applied in order, atomically, as one
 * revision (GitBook's newest spec). Files named by URL are fetched first, outside the transaction;
 * everything else happens in one write, so a single invalid change rejects the whole batch.
 */
export async function applyContentChanges(ctx: ServiceContext, spaceId: string, changeRequestId: string, changes: ContentChange[]) {
  requireEditable(ctx, spaceId, changeRequestId);
  const fetched = await fetchFiles(changes, ctx.config);
  return ctx.docs.write((writer) => {
    const { changeRequest } = requireEditable(ctx, spaceId, changeRequestId);
    const tree = treeOf(changeRequest);
    const outcomes: Outcome[] = [];
    const insertedFiles: string[] = [];
    const fileNameByRef = new Map<string, string>();
    // Files first: pages of the batch may link them by ref whatever the order of the changes.
    changes.forEach((change, i) => {
      if (change.operation !== 'insert_files') return;
      change.files.forEach((file, j) => {
        const input: NewFile = { name: file.name, contentType: file.contentType ?? 'application/octet-stream', bytes: fetched.get(`${i}.${j}`)! };
        insertedFiles.push(addFileToTree(ctx, writer, tree, input, `changes.${i}.files.${j}.${file.base64 !== undefined ? 'base64' : 'url'}`));
        if (file.ref) fileNameByRef.set(file.ref, file.name);
      });
    });
    const refs = new Map<string, string>();
    const bodies: Body[] = [];
    const now = isoNow(ctx.clock);

    writer.change(treeDocId(tree.treeId), (doc) => {
      changes.forEach((change, i) => {
        const at = `changes.${i}`;
        const pages = readPages(doc);
        const pageRef = (id: string, field: string) => {
          const resolved = refs.get(id) ?? id;
          if (!pages.some((p) => p.id === resolved)) throw badRequest(`${at}.${field}: no page "${id}" in this change request`);
          return resolved;
        };
        if (change.operation === 'insert_page') {
          const parent = change.into ? pageRef(change.into, 'into') : null;
          const id = newId();
          const markdown = markdownOf(change.document, `${at}.document`);
          const title = change.title ?? /^#\s+(.+)$/m.exec(markdown ?? '')?.[1]?.trim() ?? 'Untitled';
          writePage(doc, id, {
            kind: 'document',
            title,
            slug: change.slug ? slugify(change.slug) : slugify(title),
            parent,
            order: keyAt(pages, parent, change.at),
            ...pageOptions(change),
            createdAt: now,
            updatedAt: now,
          });
          if (change.ref) refs.set(change.ref, id);
          if (markdown !== undefined) bodies.push({ pageId: id, markdown, document: sentDocument(change.document) });
          outcomes.push({ object: 'created_page', ref: change.ref, pageId: id });
        } else if (change.operation === 'update_page') {
          const id = pageRef(change.page, 'page');
          const page = pages.find((p) => p.id === id)!;
          const parent = change.into === undefined ? page.parent : change.into === null ? null : pageRef(change.into, 'into');
          if (parent && (parent === id || descendantsOf(pages, id).includes(parent))) {
            throw badRequest(`${at}.into: a page cannot be moved under itself or one of its own pages`);
          }
          const moved = parent !== page.parent || change.at !== undefined;
          const fields: Partial<PageRecord> = {
            title: change.title,
            slug: change.slug === undefined ? undefined : slugify(change.slug),
            parent,
            order: moved ? keyAt(pages, parent, change.at, id) : undefined,
            ...pageOptions(change),
            updatedAt: now,
          };
          // writePage deletes a field given as undefined: an update leaves out what it does not change
          // (a missing title hid the page: readPages skips records without one).
          writePage(doc, id, Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)));
          const markdown = change.document ? markdownOf(change.document, `${at}.document`) : undefined;
          if (markdown !== undefined) bodies.push({ pageId: id, markdown, document: sentDocument(change.document) });
          outcomes.push({ object: 'updated_page', pageId: id });
        } else if (change.operation === 'delete_page') {
          for (const removed of removePageAndDescendants(doc, pageRef(change.page, 'page'))) outcomes.push({ object: 'deleted_page', pageId: removed });
        } else if (change.operation === 'revert_page') {
          revertPage(ctx, doc, spaceId, tree, change, at, bodies, outcomes, pageRef);
        }
      });
    });

    // Bodies go last, their links resolved against the page tree the batch produced.
    const materialized = materialize(readPages(ctx.docs.get(treeDocId(tree.treeId))));
    const fileNameById = new Map(readFiles(ctx.docs.get(treeDocId(tree.treeId))).map((f) => [f.id, f.name]));
    const includes = includeScopeOf(readReusables(ctx.docs.get(treeDocId(tree.treeId))).map((r) => ({ reusable_id: r.id, slug: r.slug })));
    const fromDocument = documentBodyWriter(materialized, [...fileNameById].map(([id, name]) => ({ id, name })), { pageIdByRef: refs, fileNameByRef }, includes);
    for (const body of bodies) {
      const path = materialized.find((p) => p.id === body.pageId)?.path ?? null;
      // A document's references are written as relative paths once the tree is final; markdown as sent is resolved as GitBook does.
      const markdown =
        body.document !== undefined
          ? fromDocument(body.pageId, body.document)
          : resolveContentLinks(body.markdown, path, { pages: materialized, fileNameByRef, fileNameById });
      writeBody(ctx, writer, tree, body.pageId, markdown);
    }
    refreshTreeRows(ctx, tree);
    cutRevision(ctx, tree, 'edits', ctx.user.id);
    addContributor(ctx.db, changeRequest.id, ctx.user.id);
    return { changeRequest: requireEditable(ctx, spaceId, changeRequest.id).changeRequest, outcomes: dedupe(outcomes), insertedFiles };
  });
}

function requireEditable(ctx: ServiceContext, spaceId: string, changeRequestId: string) {
  const access = requireChangeRequest(ctx, spaceId, changeRequestId, 'edit', 'edit its content');
  assertChangeRequestOpenForEdits(access.changeRequest);
  return access;
}

/** A page body as sent: markdown as is, GitBook's JSON document converted to markdown, `{}` none. */
function markdownOf(document: { markdown?: string; document?: unknown }, field: string): string | undefined {
  if ('document' in document && document.document !== undefined) {
    try {
      return documentToMarkdown(document.document);
    } catch (error) {
      throw badRequest(`${field}.document: ${(error as Error).message}`);
    }
  }
  return 'markdown' in document ? document.markdown : undefined;
}

/** The GitBook document a change sent as a page's body, if it sent one rather than markdown. */
function sentDocument(body: { markdown?: string; document?: unknown } | undefined): unknown {
  return body && 'document' in body ? body.document : undefined;
}

function pageOptions(change: { emoji?: string; icon?: string; hidden?: boolean }): Partial<PageRecord> {
  return { emoji: change.emoji, icon: change.icon, hidden: change.hidden };
}

/** An order key putting a page at zero-based index `at` among the children of `parent` (else last). */
function keyAt(pages: PageRecord[], parent: string | null, at: number | undefined, movingId?: string): string {
  const siblings = pages.filter((p) => p.parent === parent && p.id !== movingId).sort(compareOrder);
  const index = at === undefined ? siblings.length : Math.min(at, siblings.length);
  const before = siblings[index - 1]?.order ?? null;
  let after = siblings[index]?.order ?? null;
  if (before !== null && after !== null && after <= before) after = null; // equal keys left by concurrent inserts
  return generateKeyBetween(before, after);
}

/** Restores a page's fields and body as they were at a revision (the change request's start by default). */
function revertPage(
  ctx: ServiceContext,
  doc: Y.Doc,
  spaceId: string,
  tree: TreeRef,
  change: { page: string; revision?: string; block?: string[] },
  at: string,
  bodies: Body[],
  outcomes: Outcome[],
  pageRef: (id: string, field: string) => string,
): void {
  if (change.block?.length) throw badRequest(`${at}.block: reverting single blocks is not supported; revert the whole page`);
  const cr = requireChangeRequest(ctx, spaceId, tree.treeId).changeRequest;
  const snapshot = contentAtRevision(ctx, spaceId, change.revision ?? cr.revision_initial);
  const old = snapshot.pages.find((p) => p.page_id === change.page);
  if (!old) {
    for (const removed of removePageAndDescendants(doc, pageRef(change.page, 'page'))) outcomes.push({ object: 'deleted_page', pageId: removed });
    return;
  }
  const meta = JSON.parse(old.meta) as { emoji?: string; icon?: string; description?: string; hidden?: boolean };
  const exists = readPages(doc).some((p) => p.id === old.page_id);
  writePage(doc, old.page_id, {
    kind: old.kind as PageRecord['kind'],
    title: old.title,
    slug: old.slug,
    parent: old.parent_id && readPages(doc).some((p) => p.id === old.parent_id) ? old.parent_id : null,
    ...(exists ? {} : { order: keyAt(readPages(doc), old.parent_id, undefined), createdAt: old.created_at }),
    emoji: meta.emoji,
    icon: meta.icon,
    description: meta.description,
    hidden: meta.hidden,
    updatedAt: isoNow(ctx.clock),
  });
  bodies.push({ pageId: old.page_id, markdown: snapshot.markdownOf(old.page_id) });
  outcomes.push(exists ? { object: 'updated_page', pageId: old.page_id } : { object: 'created_page', pageId: old.page_id });
}

/**
 * Files given by URL are fetched before the transaction, within bounds and the network policy (a refused
 * destination, at any redirect, is a 400 on the file's url); base64 ones decoded.
 */
async function fetchFiles(changes: ContentChange[], network: NetworkPolicy): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  const budget = { bytesLeft: MAX_URL_FILE_BYTES, deadline: Date.now() + 60_000 };
  for (const [i, change] of changes.entries()) {
    if (change.operation !== 'insert_files') continue;
    for (const [j, file] of change.files.entries()) {
      const field = `changes.${i}.files.${j}`;
      if (file.base64 !== undefined) {
        if (!/^[A-Za-z0-9+/]*={0,2}$/.test(file.base64)) throw badRequest(`${field}.base64: not base64`);
        out.set(`${i}.${j}`, new Uint8Array(Buffer.from(file.base64, 'base64')));
        continue;
      }
      try {
        out.set(`${i}.${j}`, (await fetchResource(new URL(file.url!), budget, { network, allowFileUrls: false })).bytes);
      } catch (error) {
        if (error instanceof NetworkRefusal) throw badRequest(`${field}.url: ${error.message}`);
        throw badRequest(`${field}.url: could not fetch it (${(error as Error).message})`);
      }
    }
  }
  return out;
}

/** One entry per affected page, in the order pages were first touched; the last outcome wins. */
function dedupe(outcomes: Outcome[]): Outcome[] {
  const byPage = new Map<string, Outcome>();
  for (const outcome of outcomes) {
    const earlier = byPage.get(outcome.pageId);
    // A page created then updated in the batch is still a created page.
    byPage.set(outcome.pageId, earlier?.object === 'created_page' && outcome.object === 'updated_page' ? earlier : outcome);
  }
  return [...byPage.values()];
}
