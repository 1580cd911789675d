import type { ContentPageRow } from '../../store/content-pages';
import type { PageLinks } from './markdown';

interface StoredCover {
  ref?: { kind?: string; file?: unknown; url?: unknown };
  yPos?: unknown;
}

interface StoredOptions {
  cover?: StoredCover;
  layout?: { cover?: boolean };
}

/** A page's cover: where its image is served, and the class placing it (`coverY`), if it is not centred. */
export interface PageCover {
  url: string;
  positionClass?: string;
}

/**
 * The box the cover is drawn in on a wide screen (site-css.ts: `.page-cover` is 14rem high, across the 80rem
 * body less its 17rem navigation and the main column's 3rem paddings), in CSS pixels. Narrower screens crop
 * the image less, so the same offset shows nearly the same part of it.
 */
const COVER_BOX = { width: 57 * 16, height: 14 * 16 };

/**
 * The page's cover image (GitBook's front-matter `cover:`, stored at import as a file or URL reference), or
 * undefined when it has none or its layout hides it.
 *
 * `coverY` is GitBook's vertical offset of the image, in the image's own pixels from its centre (positive shows
 * more of its top). GitBook's renderer turns it into `object-position` with script, from the image's size and
 * its box's; the site has no script and its CSP forbids inline styles, so the offset is computed here, from the
 * file's known dimensions and the cover's box on a wide screen, as a whole percentage: the class
 * `cover-y-<percent>`, whose rule is in the site's stylesheet (COVER_POSITION_CSS). A cover of unknown size (a
 * URL) stays centred, as GitBook's does until its image loads.
 */
export function pageCover(page: ContentPageRow, links: Pick<PageLinks, 'file' | 'fileUrl'>): PageCover | undefined {
  let options: StoredOptions | undefined;
  try {
    options = (JSON.parse(page.meta) as { options?: StoredOptions }).options;
  } catch {
    return undefined;
  }
  if (!options?.cover?.ref || options.layout?.cover === false) return undefined;
  const { ref, yPos } = options.cover;
  if (ref.kind === 'file' && typeof ref.file === 'string') {
    const file = links.file?.(ref.file);
    if (!file) return undefined;
    const percent = typeof yPos === 'number' && file.width && file.height ? coverPositionY(yPos, { width: file.width, height: file.height }) : 50;
    return { url: links.fileUrl(file.name), ...(percent === 50 ? {} : { positionClass: `cover-y-${percent}` }) };
  }
  if (ref.kind === 'url' && typeof ref.url === 'string' && /^https?:\/\//i.test(ref.url)) return { url: ref.url };
  return undefined;
}

/** `object-position`'s vertical percentage for an offset of `yPos` image pixels (GitBook's formula), 0 to 100. */
export function coverPositionY(yPos: number, image: { width: number; height: number }, box = COVER_BOX): number {
  if (!Number.isFinite(yPos) || image.width <= 0 || image.height <= 0) return 50;
  // `object-fit: cover` scales the image to fill the box; only the height it has beyond the box can move.
  const scale = Math.max(box.width / image.width, box.height / image.height);
  const overflow = image.height * scale - box.height;
  if (overflow <= 0) return 50;
  const maxOffset = overflow / 2 / scale;
  const offset = Math.max(-maxOffset, Math.min(maxOffset, yPos));
  return Math.round(((maxOffset - offset) / (2 * maxOffset)) * 100);
}

/** The rules of the `cover-y-<percent>` classes (centred, 50, needs none). */
export const COVER_POSITION_CSS = Array.from({ length: 101 }, (_, percent) => percent)
  .filter((percent) => percent !== 50)
  .map((percent) => `.page-cover.cover-y-${percent} { object-position: 50% ${percent}%; }`)
  .join('\n');
