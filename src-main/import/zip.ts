import { unzipSync } from 'fflate';
import { badRequest } from '../errors';
import type { FileTree, ImportLimits } from './source';

/**
 * Unpacks a zip into a FileTree, refusing archives that would unpack past the limits (zip bombs)
 * before inflating anything. A single top folder (as "Download ZIP" makes) is removed.
 */
export function unzipTree(bytes: Uint8Array, limits: ImportLimits): FileTree {
  let total = 0;
  let count = 0;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, {
      filter: (file) => {
        if (file.name.endsWith('/') || file.name.startsWith('__MACOSX/')) return false;
        count += 1;
        total += file.originalSize;
        if (count > limits.maxFiles) throw badRequest(`url: the archive holds more than ${limits.maxFiles} files`);
        if (total > limits.maxBytes) throw badRequest(`url: the archive unpacks to more than ${limits.maxBytes} bytes`);
        return true;
      },
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'FolioError') throw error;
    throw badRequest('url: not a zip archive Folio can read');
  }
  const names = Object.keys(entries).filter((name) => !name.split('/').some((part) => part === '..'));
  const top = names[0]?.split('/')[0];
  const singleTop = top && names.length > 0 && names.every((n) => n.startsWith(`${top}/`));
  const tree: FileTree = new Map();
  for (const name of names) tree.set(singleTop ? name.slice(top.length + 1) : name, entries[name]!);
  return tree;
}
