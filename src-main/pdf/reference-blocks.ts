import { openAPIBlockText } from '../../src-shared/gitbook-markdown/openapi-blocks';
import type { ContentRefBlock, Embed, FileBlock, Fragment, IntegrationBlock, MathBlock, OpenAPIBlock, OpenAPIOperationBlock } from '../../src-shared/gitbook-markdown/types';
import type { BlockHost } from './block-host';
import { fragmentText } from './block-text';
import { box } from './boxes';
import type { Frame } from './cursor';
import type { Run } from './runs';
import { BODY_SIZE, COLORS, FONTS } from './theme';
import { toWinAnsi } from './winansi';

/** A content reference: a line "→ Page title" linking to the page (in this PDF when it is printed here). */
export function contentRef(host: BlockHost, node: ContentRefBlock, frame: Frame): void {
  const target = host.links.target(node.data.ref);
  arrow(host, frame);
  host.cursor.rich([{ text: host.links.title(node.data.ref), style: { bold: true, color: COLORS.link, ...target } }], indented(frame));
}

/**
 * An embed: the embedded page's title (when fetched already) or its host, then its URL as a link (paper cannot
 * play a video), then its caption.
 */
export function embed(host: BlockHost, node: Embed, frame: Frame): void {
  const url = node.data.url;
  const runs: Run[] = [];
  const name = host.links.references.embedTitle?.(url) ?? hostOf(url);
  if (name) runs.push({ text: `${name}: `, style: { bold: true, color: frame.color } });
  runs.push({ text: url, style: { color: COLORS.link, ...host.links.target({ kind: 'url', url }) } });
  host.cursor.rich(runs, frame);
  caption(host, node.fragments, frame);
}

/** A file: its name as a link to download it, then its caption. */
export function file(host: BlockHost, node: FileBlock, frame: Frame): void {
  const ref = node.data.ref;
  const name = ref.kind === 'file' ? host.links.title(ref) : decodeSafe(ref.url.split(/[?#]/)[0]!.split('/').pop() || ref.url);
  host.cursor.rich(
    [
      { text: 'File: ', style: { color: COLORS.muted } },
      { text: name, style: { color: COLORS.link, ...host.links.target(ref) } },
    ],
    frame,
  );
  caption(host, node.fragments, frame);
}

/**
 * A formula, as its TeX source in a monospaced box: PDFKit has no TeX typesetter (GitBook renders
 * formulas with KaTeX in the browser), and the source is what a reader can still follow.
 */
export function math(host: BlockHost, node: MathBlock, frame: Frame): void {
  box(host.cursor, frame, { tint: '#000000', tintOpacity: 0.03, padX: 10, padY: 6 }, (inner) => {
    host.cursor.doc.font(FONTS.mono[0]).fontSize(9.5).fillColor(frame.color);
    host.cursor.doc.text(toWinAnsi(node.data.formula, { code: true }) || ' ', inner.x, host.cursor.doc.y, { width: inner.width, lineGap: 2, link: null, underline: false, strike: false });
  });
}

/** An OpenAPI operation of the organization's specification: the operation named in a line. */
export function openAPIOperation(host: BlockHost, node: OpenAPIOperationBlock, frame: Frame): void {
  const text = openAPIBlockText({ spec: node.data.ref.spec, path: node.data.path, method: node.data.method });
  host.cursor.rich([{ text, style: { mono: true, color: frame.color } }], frame);
}

/** An OpenAPI operation of a specification file or URL: the operation, linking to the specification. */
export function swagger(host: BlockHost, node: OpenAPIBlock, frame: Frame): void {
  const { ref, method, path } = node.data;
  const spec = ref.kind === 'file' ? host.links.title(ref) : ref.url;
  host.cursor.rich(
    [
      { text: `${method.toUpperCase()} ${path} `, style: { mono: true, color: frame.color } },
      { text: `(OpenAPI ${spec})`, style: { color: COLORS.link, ...host.links.target(ref) } },
    ],
    frame,
  );
}

/** An integration's block (it renders in GitBook's browser only): its name, and the address it shows. */
export function integration(host: BlockHost, node: IntegrationBlock, frame: Frame): void {
  const url = node.data.url ?? node.data.props.url;
  const runs: Run[] = [{ text: `${node.data.integration}${url ? ': ' : ''}`, style: { bold: true, color: frame.color } }];
  if (url) runs.push({ text: url, style: { color: COLORS.link, ...host.links.target({ kind: 'url', url }) } });
  host.cursor.rich(runs, frame);
}

function caption(host: BlockHost, fragments: Fragment[] | undefined, frame: Frame): void {
  const text = fragmentText(fragments?.[0]).replace(/\s+/g, ' ');
  if (!text) return;
  host.cursor.gap(3);
  host.cursor.rich([{ text, style: { italic: true, color: COLORS.muted } }], frame, { size: 9 });
}

const ARROW_WIDTH = 16;

/** "→" from the Symbol font (the standard text fonts have no arrow; Symbol's is at 0xAE). */
function arrow(host: BlockHost, frame: Frame): void {
  const doc = host.cursor.doc;
  host.cursor.ensure(host.cursor.lineHeight());
  const y = doc.y;
  // Symbol's metrics have no ascender: the arrow is set on the text's baseline (Helvetica's ascender is 0.718 em).
  doc
    .font('Symbol')
    .fontSize(11)
    .fillColor(COLORS.link)
    .text('\u00AE', frame.x, y + BODY_SIZE * 0.718, { baseline: 'alphabetic', lineBreak: false, link: null, underline: false, strike: false });
  doc.x = frame.x;
  doc.y = y;
}

function indented(frame: Frame): Frame {
  return { ...frame, x: frame.x + ARROW_WIDTH, width: Math.max(1, frame.width - ARROW_WIDTH) };
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host.replace(/^www\./, '') || undefined;
  } catch {
    return undefined;
  }
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
