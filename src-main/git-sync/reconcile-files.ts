import { createHash } from 'node:crypto';
import type * as Y from 'yjs';
import type { ServiceContext } from '../app/context';
import { filesOf, readFiles, writeFile, type FileRecord } from '../content/tree-model';
import { storedFileRecord } from '../files/service';
import type { ImportedFile } from '../import/plan';
import { newId } from '../store/ids';

interface FileChanges {
  /** The tree's file id of every file of the plan that is in the tree now, by name. */
  ids: Map<string, string>;
  added: number;
  replaced: number;
  deleted: number;
  failures: string[];
}

/** New file records, worked out before the tree document is written (storing bytes is the database's work). */
interface FilePlan {
  write: FileRecord[];
  remove: string[];
  changes: FileChanges;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * How the tree's files become the plan's, by name (the repository's `.gitbook/assets/<name>`, which is how
 * markdown names them): a name the tree lacks is added, a file whose bytes (or type) differ gets the new
 * ones under its id (pages' covers name files by id), a file the plan no longer has is removed, as is a
 * second file of one name (the export writes only the first). Bytes refused as a new file would be
 * (files/service.ts) are a failure, the tree's file left as it is.
 */
export function planFiles(ctx: Pick<ServiceContext, 'db' | 'clock'>, doc: Y.Doc, files: readonly ImportedFile[]): FilePlan {
  const current = new Map<string, FileRecord>();
  const remove: string[] = [];
  for (const record of readFiles(doc)) {
    if (current.has(record.name)) remove.push(record.id);
    else current.set(record.name, record);
  }
  const changes: FileChanges = { ids: new Map(), added: 0, replaced: 0, deleted: 0, failures: [] };
  const write: FileRecord[] = [];
  const wanted = new Set(files.map((file) => file.name));
  for (const file of files) {
    const existing = current.get(file.name);
    if (existing && existing.hash === sha256(file.bytes) && existing.contentType === file.contentType) {
      changes.ids.set(file.name, existing.id);
      continue;
    }
    try {
      const record = storedFileRecord(ctx, existing?.id ?? newId(), file, `.gitbook/assets/${file.name}`);
      write.push(existing ? { ...record, createdAt: existing.createdAt } : record);
      changes.ids.set(file.name, record.id);
      if (existing) changes.replaced += 1;
      else changes.added += 1;
    } catch (error) {
      changes.failures.push((error as Error).message);
      if (existing) changes.ids.set(file.name, existing.id);
    }
  }
  for (const [name, record] of current) if (!wanted.has(name)) remove.push(record.id);
  changes.deleted = remove.length;
  return { write, remove, changes };
}

/** Writes a FilePlan into the tree document, inside the caller's transaction on it. */
export function applyFilePlan(doc: Y.Doc, plan: FilePlan): void {
  for (const record of plan.write) writeFile(doc, record);
  const files = filesOf(doc);
  for (const id of plan.remove) files.delete(id);
}
