import { imageSize } from 'image-size';
import type { ServiceContext } from '../app/context';
import { cutRevision, refreshTreeRows, treeDocId, type TreeRef } from '../content/engine';
import type { DocWriter } from '../content/doc-store';
import { writeFile } from '../content/tree-model';
import { badRequest, notFound } from '../errors';
import { assertSpaceWritable, requireSpace } from '../spaces/access';
import { getLiveFile, storeBlob } from '../store/content-files';
import { newId } from '../store/ids';
import { isoNow } from '../app/context';

export const MAX_FILE_BYTES = 100 * 1024 * 1024;

export interface NewFile {
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

/** Adds a file to a tree inside the caller's write: bytes stored once, record in the tree document. */
export function addFileToTree(ctx: ServiceContext, writer: DocWriter, tree: TreeRef, file: NewFile): string {
  if (file.bytes.byteLength > MAX_FILE_BYTES) throw badRequest(`data: files are limited to ${MAX_FILE_BYTES} bytes`);
  const now = isoNow(ctx.clock);
  const id = newId();
  const hash = storeBlob(ctx.db, file.bytes, now);
  const dimensions = file.contentType.startsWith('image/') ? measure(file.bytes) : undefined;
  writer.change(treeDocId(tree.treeId), (doc) =>
    writeFile(doc, { id, name: file.name, contentType: file.contentType, hash, size: file.bytes.byteLength, ...dimensions, createdAt: now }),
  );
  refreshTreeRows(ctx, tree);
  return id;
}

/** Uploads a file into a live space's main content (the desktop editor's pasted images). */
export function uploadFile(ctx: ServiceContext, spaceId: string, file: NewFile) {
  return ctx.docs.write((writer) => {
    const { space } = requireSpace(ctx, spaceId, { required: 'edit', action: 'add files to it' });
    assertSpaceWritable(space);
    const tree = { spaceId: space.id, treeId: space.id };
    const fileId = addFileToTree(ctx, writer, tree, file);
    const revision = cutRevision(ctx, tree, 'edits', ctx.user.id);
    return { fileId, revision };
  });
}

export function currentFile(ctx: ServiceContext, spaceId: string, fileId: string) {
  const { space } = requireSpace(ctx, spaceId);
  const file = getLiveFile(ctx.db, space.id, fileId);
  if (!file) throw notFound(`File "${fileId}" not found`);
  return file;
}

function measure(bytes: Uint8Array): { width: number; height: number } | undefined {
  try {
    const { width, height } = imageSize(bytes);
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined; // not an image format it knows: the file is kept, without dimensions
  }
}
