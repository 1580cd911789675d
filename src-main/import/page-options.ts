import { asMapping, asText } from './yaml';

/**
 * GitBook's page layout options as its API names them (RevisionPageLayoutOptions), each one the page set;
 * the ones it did not set take GitBook's defaults when the page is presented (content/presenter.ts).
 */
export interface PageLayoutOptions {
  width?: 'default' | 'wide';
  cover?: boolean;
  coverSize?: 'hero' | 'full';
  title?: boolean;
  description?: boolean;
  tableOfContents?: boolean;
  outline?: boolean;
  pagination?: boolean;
  metadata?: boolean;
}

/** A page's cover as front matter gives it: the image as written (a path relative to the page, or a URL) and its vertical offset. */
export interface FrontMatterCover {
  src?: string;
  yPos: number;
}

/** Front matter keys that are page options rather than page fields: layout, cover, coverY, metadata. */
export interface FrontMatterOptions {
  layout?: PageLayoutOptions;
  cover?: FrontMatterCover;
  /** `metadata:` as given (GitBook's own page metadata; Folio keeps it, the API has no field for it). */
  metadata?: Record<string, unknown>;
}

// The sections GitBook's front matter writes as `<name>: { visible: <boolean> }`.
const VISIBLE_SECTIONS = ['title', 'description', 'tableOfContents', 'outline', 'pagination', 'metadata'] as const;

/**
 * Reads `layout`, `cover`, `coverY` and `metadata` as GitBook's Git Sync writes them:
 *
 *     layout:
 *       width: wide
 *       cover: { visible: true, size: full }
 *       title: { visible: true }        # also description, tableOfContents, outline, pagination, metadata
 *     cover: .gitbook/assets/banner.png
 *     coverY: -40
 *
 * A value of the wrong kind is left out (the option keeps its default) rather than failing the page.
 */
export function readPageOptions(data: Record<string, unknown>): FrontMatterOptions {
  const options: FrontMatterOptions = {};
  const layout = readLayout(asMapping(data.layout));
  if (layout) options.layout = layout;
  const src = asText(data.cover)?.trim();
  const yPos = toNumber(data.coverY);
  if (src || yPos !== undefined) options.cover = { ...(src ? { src } : {}), yPos: yPos ?? 0 };
  const metadata = asMapping(data.metadata);
  if (metadata && Object.keys(metadata).length > 0) options.metadata = metadata;
  return options;
}

function readLayout(layout: Record<string, unknown> | undefined): PageLayoutOptions | undefined {
  if (!layout) return undefined;
  const out: PageLayoutOptions = {};
  for (const section of VISIBLE_SECTIONS) {
    const visible = visibility(layout[section]);
    if (visible !== undefined) out[section] = visible;
  }
  const width = asText(layout.width);
  if (width === 'default' || width === 'wide') out.width = width;
  const cover = visibility(layout.cover);
  if (cover !== undefined) out.cover = cover;
  const size = asText(asMapping(layout.cover)?.size);
  if (size === 'hero' || size === 'full') out.coverSize = size;
  return Object.keys(out).length > 0 ? out : undefined;
}

/** `{ visible: false }`, or a bare boolean. */
function visibility(value: unknown): boolean | undefined {
  const visible = asMapping(value)?.visible ?? value;
  if (typeof visible === 'boolean') return visible;
  if (visible === 'true' || visible === 'false') return visible === 'true';
  return undefined;
}

function toNumber(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(number) ? number : undefined;
}
