import { openZipBounded } from './bounded-unzip';
import type { ImportLimits, SourceTree } from './source';

/**
 * A zip as a SourceTree within the import's limits. The archive is vetted at once (structure, paths, its
 * number of files, what each claims: zip bombs, see bounded-unzip.ts); a file is inflated only when the
 * import reads it, so, as for a folder, only the pages and the files they use count against the import's
 * byte limit, and an archive's unused assets are never unpacked. A single top folder (as "Download ZIP"
 * makes) is removed.
 */
export function zipSourceTree(bytes: Uint8Array, limits: ImportLimits): SourceTree {
  const archive = openZipBounded(
    bytes,
    { maxTotalBytes: limits.maxBytes, maxEntryBytes: limits.maxBytes, maxEntries: limits.maxFiles },
    { subject: 'url: the archive', unreadable: 'url: not a zip archive Folio can read', skip: (name) => name.startsWith('__MACOSX/') },
  );
  const top = archive.names[0]?.split('/')[0];
  const singleTop = top && archive.names.length > 0 && archive.names.every((n) => n.startsWith(`${top}/`));
  const entryOf = new Map(archive.names.map((name) => [singleTop ? name.slice(top.length + 1) : name, name]));
  return {
    paths: [...entryOf.keys()],
    has: (path) => entryOf.has(path),
    read: (path) => {
      const entry = entryOf.get(path);
      if (!entry) throw new Error(`no file ${path}`);
      return archive.read(entry);
    },
  };
}
