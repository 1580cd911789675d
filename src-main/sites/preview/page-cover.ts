import type { ContentPageRow } from '../../store/content-pages';
import type { PageLinks } from './markdown';

interface StoredCover {
  ref?: { kind?: string; file?: unknown; url?: unknown };
}

interface StoredOptions {
  cover?: StoredCover;
  layout?: { cover?: boolean };
}

/**
 * Where the page's cover image is served (GitBook's front-matter `cover:`, stored at import as a file
 * or URL reference), or undefined when it has none or its layout hides it. The vertical offset
 * (`coverY`) is not applied: the site's CSP forbids the inline style it would need.
 */
export function pageCoverUrl(page: ContentPageRow, links: Pick<PageLinks, 'file' | 'fileUrl'>): string | undefined {
  let options: StoredOptions | undefined;
  try {
    options = (JSON.parse(page.meta) as { options?: StoredOptions }).options;
  } catch {
    return undefined;
  }
  if (!options?.cover?.ref || options.layout?.cover === false) return undefined;
  const { ref } = options.cover;
  if (ref.kind === 'file' && typeof ref.file === 'string') {
    const file = links.file?.(ref.file);
    return file ? links.fileUrl(file.name) : undefined;
  }
  if (ref.kind === 'url' && typeof ref.url === 'string' && /^https?:\/\//i.test(ref.url)) return ref.url;
  return undefined;
}
