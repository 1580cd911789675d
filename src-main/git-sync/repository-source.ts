import { badRequest } from '../errors';
import type { ImportLimits, SourceTree } from '../import/source';
import { listFiles, readBlobs, type TreeEntry } from './local-repository';

/**
 * A commit's files under the project directory as the importer reads a folder (import/source.ts):
 * bounded by the import's limits on file count and bytes, as a zip or a folder is. Pages, SUMMARY.md and
 * `.gitbook.yaml` are read in one batch; other files (assets) when the importer asks for them, so a
 * repository's unused files are never read.
 */
export async function sourceTreeOfCommit(gitDir: string, commit: string, directory: string, limits: Pick<ImportLimits, 'maxBytes' | 'maxFiles'>): Promise<{ tree: SourceTree; entries: TreeEntry[] }> {
  const entries = await listFiles(gitDir, commit, directory);
  if (entries.length > limits.maxFiles) {
    throw badRequest(`url: the repository holds ${entries.length} files under "${directory || '/'}", more than the ${limits.maxFiles} an import reads`);
  }
  const byPath = new Map(entries.map((entry) => [entry.path, entry]));
  const eager = entries.filter((entry) => /\.(md|markdown|ya?ml)$/i.test(entry.path));
  let bytesLeft = limits.maxBytes;
  const spend = (entry: TreeEntry) => {
    bytesLeft -= entry.size;
    if (bytesLeft < 0) throw badRequest(`url: the repository's pages and files are larger than the ${limits.maxBytes} bytes an import reads`);
  };
  eager.forEach(spend);
  const blobs = await readBlobs(gitDir, eager.map((entry) => entry.oid));
  const tree: SourceTree = {
    paths: entries.map((entry) => entry.path),
    has: (path) => byPath.has(path),
    read: async (path) => {
      const entry = byPath.get(path);
      if (!entry) throw new Error(`no file ${path}`);
      let bytes = blobs.get(entry.oid);
      if (!bytes) {
        spend(entry);
        bytes = (await readBlobs(gitDir, [entry.oid])).get(entry.oid)!;
        blobs.set(entry.oid, bytes);
      }
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
  };
  return { tree, entries };
}
