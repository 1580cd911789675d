import { dump } from 'js-yaml';
import type { PageMeta } from '../content/tree-model';
import { assetPathFrom } from './asset-links';

/** Where the page's file sits, and the names of the space's files (a cover names one by id). */
interface FrontMatterContext {
  filePath: string;
  fileName(fileId: string): string | undefined;
}

/**
 * A page's front matter as GitBook's Git Sync writes it. GitBook serialises with js-yaml at a line
 * width of 80: a description that fits is plain (`'quoted'` when YAML needs it), a longer one folded
 * (`description: >-`, broken at spaces), and the layout as `title: { visible: true }` blocks. With
 * js-yaml and that width, all 132 front matters of the two corpus repositories come out byte for byte.
 */
export function gitbookFrontMatter(meta: PageMeta, context: FrontMatterContext): string {
  const data: Record<string, unknown> = {};
  if (meta.description) data.description = meta.description;
  if (meta.emoji) data.icon = emojiText(meta.emoji);
  else if (meta.icon) data.icon = meta.icon;
  const options = (meta.options ?? {}) as StoredOptions;
  const cover = coverAddress(options.cover?.ref, context);
  if (cover) data.cover = cover;
  if (options.cover) data.coverY = options.cover.yPos ?? 0;
  const layout = layoutOf(options.layout);
  if (layout) data.layout = layout;
  if (meta.hidden) data.hidden = true;
  if (options.metadata && Object.keys(options.metadata).length > 0) data.metadata = options.metadata;
  if (Object.keys(data).length === 0) return '';
  return `---\n${dump(data, { lineWidth: 80 })}---\n\n`;
}

/** The page options as stored (import/page-options-write.ts): layout and cover as GitBook's API names them. */
interface StoredOptions {
  layout?: Record<string, unknown>;
  cover?: { ref?: { kind: string; file?: string; url?: string }; yPos?: number };
  metadata?: Record<string, unknown>;
}

/** A cover as front matter names it: the file relative to the page's file, or the URL. */
function coverAddress(ref: NonNullable<StoredOptions['cover']>['ref'], context: FrontMatterContext): string | undefined {
  if (ref?.kind === 'url') return ref.url;
  const name = ref?.kind === 'file' && ref.file ? context.fileName(ref.file) : undefined;
  return name ? assetPathFrom(context.filePath, name) : undefined;
}

// GitBook's order of the layout's keys; the sections it writes as `<name>: { visible: <boolean> }`.
const SECTIONS = ['title', 'description', 'tableOfContents', 'outline', 'pagination', 'metadata'];

/** The API's layout options (`title: true`, `coverSize: full`) as front matter (`title: { visible: true }`). */
function layoutOf(layout: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!layout) return undefined;
  const out: Record<string, unknown> = {};
  if (layout.width === 'default' || layout.width === 'wide') out.width = layout.width;
  if (typeof layout.cover === 'boolean' || layout.coverSize) {
    out.cover = {
      ...(typeof layout.cover === 'boolean' ? { visible: layout.cover } : {}),
      ...(layout.coverSize ? { size: layout.coverSize } : {}),
    };
  }
  for (const section of SECTIONS) if (typeof layout[section] === 'boolean') out[section] = { visible: layout[section] };
  return Object.keys(out).length > 0 ? out : undefined;
}

/** `1f44d-1f3fb` (GitBook's API spelling of an emoji) as the emoji itself, as front matter writes it. */
function emojiText(code: string): string {
  const points = code.split('-').map((part) => Number.parseInt(part, 16));
  return points.every((p) => Number.isFinite(p) && p >= 0 && p <= 0x10ffff) ? String.fromCodePoint(...points) : code;
}
