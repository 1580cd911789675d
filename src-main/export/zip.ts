import { zipSync, type Zippable } from 'fflate';
import type { RepositoryFile } from './repository';

// A fixed date on every entry: the same content exports to the same bytes, whenever it is exported.
const ENTRY_DATE = new Date(2000, 0, 1);

/** The repository's files as a zip archive (deflated; entries in the repository's order). */
export function zipRepository(files: RepositoryFile[]): Uint8Array {
  const entries: Zippable = {};
  for (const file of files) entries[file.path] = [file.bytes, { mtime: ENTRY_DATE }];
  return zipSync(entries, { level: 6 });
}
