import type { ServiceContext } from '../app/context';
import { cutRevision, refreshTreeRows, treeDocId, type TreeRef } from '../content/engine';
import type { DocWriter } from '../content/doc-store';
import { writeFile, type FileRecord } from '../content/tree-model';
import { badRequest, notFound } from '../errors';
import { requireChangeRequest } from '../change-requests/access';
import { editableTree } from '../content/pages-service';
import { requireSpace } from '../spaces/access';
import { allLiveFiles, getLiveFile, readBlob, storeBlob } from '../store/content-files';
import { newId } from '../store/ids';
import { isoNow } from '../app/context';
import { claimedImage, oversizeImageReason } from './image-bounds';

const MAX_FILE_BYTES = 100 * 1024 * 1024;

export interface NewFile {
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

/**
 * Adds a file to a tree inside the caller's write: bytes stored once, record in the tree document.
 * An image whose header claims more than MAX_IMAGE_PIXELS is refused (400 on `field`): every way a
 * file enters content comes through here.
 */
export function addFileToTree(ctx: ServiceContext, writer: DocWriter, tree: TreeRef, file: NewFile, field = 'data'): string {
  const record = storedFileRecord(ctx, newId(), file, field);
  writer.change(treeDocId(tree.treeId), (doc) => writeFile(doc, record));
  refreshTreeRows(ctx, tree);
  return record.id;
}

/**
 * The record of a file under `id`, its bytes checked (as addFileToTree says) and stored: for a new file, or
 * new bytes for a file that keeps its id (Git Sync replacing an asset its repository changed).
 */
export function storedFileRecord(ctx: Pick<ServiceContext, 'db' | 'clock'>, id: string, file: NewFile, field = 'data'): FileRecord {
  if (file.bytes.byteLength > MAX_FILE_BYTES) throw badRequest(`${field}: files are limited to ${MAX_FILE_BYTES} bytes`);
  const claimed = claimedImage(file.bytes, file.contentType);
  const oversize = oversizeImageReason(claimed);
  if (oversize) throw badRequest(`${field}: ${oversize}`);
  const now = isoNow(ctx.clock);
  const hash = storeBlob(ctx.db, file.bytes, now);
  // Dimensions are kept for files stored as images (the API's `dimensions`).
  const dimensions = claimed && file.contentType.startsWith('image/') ? { width: claimed.width, height: claimed.height } : undefined;
  return { id, name: file.name, contentType: file.contentType, hash, size: file.bytes.byteLength, ...dimensions, createdAt: now };
}

/**
 * Uploads a file into a live space's main content, or into a change request's content (the desktop
 * editor's pasted and inserted images). Markdown names a file by its name (`.gitbook/assets/<name>`),
 * so a name already used in that content gets a number (`image-2.png`): every paste is called
 * `image.png`, and a second one must not show the first.
 */
export function uploadFile(ctx: ServiceContext, spaceId: string, file: NewFile, changeRequestId?: string) {
  return ctx.docs.write((writer) => {
    const tree = editableTree(ctx, spaceId, changeRequestId);
    const name = unusedName(allLiveFiles(ctx.db, tree.treeId).map((f) => f.name), file.name);
    const fileId = addFileToTree(ctx, writer, tree, { ...file, name });
    const revision = cutRevision(ctx, tree, 'edits', ctx.user.id);
    return { fileId, revision, treeId: tree.treeId };
  });
}

/** `name`, or `stem-2.ext`, `stem-3.ext`... whichever is not taken yet. */
function unusedName(taken: string[], name: string): string {
  const used = new Set(taken);
  if (!used.has(name)) return name;
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; ; n += 1) {
    const candidate = `${stem}-${n}${ext}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** A file of main content, or of a change request's content when its id is given. */
export function currentFile(ctx: ServiceContext, spaceId: string, fileId: string, changeRequestId?: string) {
  const treeId = changeRequestId ? requireChangeRequest(ctx, spaceId, changeRequestId).changeRequest.id : requireSpace(ctx, spaceId).space.id;
  const file = getLiveFile(ctx.db, treeId, fileId);
  if (!file) throw notFound(`File "${fileId}" not found`);
  return file;
}

/** At most this much is sent to the editor's preview as base64 in one answer. */
const MAX_PREVIEW_BYTES = 20 * 1024 * 1024;

/**
 * The bytes of the file a page's markdown names (`.gitbook/assets/<name>`), for the editor's
 * preview, which shows them from a blob: URL so the desktop app's CSP needs no network origin. The
 * first file of that name wins, as links and PDF exports resolve it.
 */
export function readFileByName(ctx: ServiceContext, spaceId: string, name: string, changeRequestId?: string) {
  const treeId = changeRequestId ? requireChangeRequest(ctx, spaceId, changeRequestId).changeRequest.id : requireSpace(ctx, spaceId).space.id;
  const file = allLiveFiles(ctx.db, treeId).find((f) => f.name === name);
  if (!file) throw notFound(`File "${name}" not found`);
  if (file.size > MAX_PREVIEW_BYTES) throw badRequest(`name: "${name}" is larger than ${MAX_PREVIEW_BYTES} bytes, too large to preview`);
  const bytes = readBlob(ctx.db, file.hash);
  if (!bytes) throw notFound(`File "${name}" has no stored bytes`);
  return { name: file.name, contentType: file.content_type, bytes };
}
