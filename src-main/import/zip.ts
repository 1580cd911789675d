import { unzipBounded } from './bounded-unzip';
import type { FileTree, ImportLimits } from './source';

/**
 * Unpacks a zip into a FileTree within the import's limits (what it unpacks to, its files), counting
 * what each entry really inflates to rather than what the archive claims (zip bombs: see
 * bounded-unzip.ts). A single top folder (as "Download ZIP" makes) is removed.
 */
export async function unzipTree(bytes: Uint8Array, limits: ImportLimits): Promise<FileTree> {
  const entries = await unzipBounded(
    bytes,
    { maxTotalBytes: limits.maxBytes, maxEntryBytes: limits.maxBytes, maxEntries: limits.maxFiles },
    { subject: 'url: the archive', unreadable: 'url: not a zip archive Folio can read', skip: (name) => name.startsWith('__MACOSX/') },
  );
  const names = [...entries.keys()];
  const top = names[0]?.split('/')[0];
  const singleTop = top && names.length > 0 && names.every((n) => n.startsWith(`${top}/`));
  const tree: FileTree = new Map();
  for (const name of names) tree.set(singleTop ? name.slice(top.length + 1) : name, entries.get(name)!);
  return tree;
}
