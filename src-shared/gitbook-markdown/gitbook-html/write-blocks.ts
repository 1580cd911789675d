import { arrayOf, escapeText, type InlineContext, isObject, type Json, leavesOf, plainText, refHref, stringOf } from '../to-markdown-inline';
import { tableHtml } from './write-table';
import { escapeAttribute, escapeHtml, type HtmlOptions, imgTag, inlineHtml } from './write-inline';

/**
 * Blocks of a JSON document written as the HTML GitBook writes for them in markdown: figures
 * (`<figure>`), the blocks of a table cell (`<p>`, `<ul>`), and code with bold text (`<pre>`).
 */

const blockData = (node: Json): Json => (isObject(node.data) ? node.data : {});

/** An images block: one `<figure>` per image, in a `<div>` when aligned or several. */
export function imagesHtml(images: readonly unknown[], data: Json, ctx: InlineContext): string | undefined {
  const figures = images.filter(isObject).map((image) => figureHtml(image, ctx));
  if (figures.length === 0 || figures.some((figure) => figure === undefined)) return undefined;
  const align = stringOf(data.align);
  const attrs = `${align === 'left' || align === 'center' || align === 'right' ? ` align="${align}"` : ''}${typeof data.fullWidth === 'boolean' ? ` data-full-width="${data.fullWidth}"` : ''}`;
  const html = figures.join(' ');
  return attrs !== '' || figures.length > 1 ? `<div${attrs}>${html}</div>` : html;
}

function figureHtml(image: Json, ctx: InlineContext): string | undefined {
  const data = blockData(image);
  const src = refHref(data.ref, ctx);
  if (src === undefined) return undefined;
  const img = imgTag(src, stringOf(data.alt), {}, undefined, data.width);
  const dark = refHref(data.refDark, ctx);
  const media = dark === undefined ? img : `<picture><source srcset="${escapeAttribute(dark)}" media="(prefers-color-scheme: dark)">${img}</picture>`;
  const fragments = arrayOf(image.fragments).filter(isObject);
  const caption = fragments.find((f) => f.fragment === 'caption') ?? fragments[0];
  // An empty caption (GitBook keeps an empty paragraph) is an empty `<figcaption>`.
  const paragraphs = arrayOf(caption?.nodes).filter(isObject);
  if (paragraphs.every((p) => plainText(p) === '' && !arrayOf(p.nodes).some((n) => isObject(n) && n.object === 'inline'))) paragraphs.length = 0;
  const captionHtml = paragraphs.map((p) => `<p>${inlineHtml(arrayOf(p.nodes), ctx)}</p>`).join('');
  return `<figure>${media}<figcaption>${captionHtml}</figcaption></figure>`;
}

/**
 * Whether a cell's blocks are what GitBook writes as HTML in a cell (paragraphs, lists, code) and
 * need it: more than one block, or a list or code.
 */
export function isHtmlCell(nodes: readonly unknown[]): boolean {
  const blocks = nodes.filter(isObject);
  if (blocks.length !== nodes.length || !blocks.every((b) => ['paragraph', 'list-unordered', 'list-ordered', 'list-tasks', 'code', 'table'].includes(stringOf(b.type) ?? ''))) return false;
  return blocks.length > 1 || blocks.some((b) => b.type !== 'paragraph');
}

/** A cell's blocks as HTML: one paragraph is its inline content; more are `<p>`s, lists `<ul>`/`<ol>`. */
export function cellHtml(nodes: readonly unknown[], ctx: InlineContext, options: HtmlOptions = {}): string {
  const blocks = nodes.filter(isObject);
  const [only] = blocks;
  if (blocks.length === 1 && only?.type === 'paragraph') return inlineHtml(arrayOf(only.nodes), ctx, options);
  return blocks.map((block) => blockHtml(block, ctx, options)).join('');
}

function blockHtml(block: Json, ctx: InlineContext, options: HtmlOptions): string {
  ctx.enter();
  try {
    switch (block.type) {
      case 'paragraph':
        return `<p>${inlineHtml(arrayOf(block.nodes), ctx, options)}</p>`;
      case 'list-unordered':
      case 'list-tasks':
      case 'list-ordered': {
        const start = blockData(block).start;
        const tag = block.type === 'list-ordered' ? 'ol' : 'ul';
        const startAttr = tag === 'ol' && typeof start === 'number' && start !== 1 ? ` start="${start}"` : '';
        const items = arrayOf(block.nodes).filter(isObject).map((item) => `<li>${cellHtml(arrayOf(item.nodes), ctx, options)}</li>`);
        return `<${tag}${startAttr}>${items.join('')}</${tag}>`;
      }
      case 'code':
        return codeHtml(block, options);
      case 'table':
        return tableHtml(block, ctx);
      default:
        return `<p>${inlineHtml([plainText(block)], ctx, options)}</p>`;
    }
  } finally {
    ctx.leave();
  }
}

/** Whether a code block has formatted text (bold): fenced code cannot show it. */
export function hasMarkedCode(block: Json): boolean {
  return arrayOf(block.nodes).some((line) => isObject(line) && arrayOf(line.nodes).some((text) => isObject(text) && leavesOf(text).some((l) => l.marks.length > 0 && l.text !== '')));
}

/**
 * `<pre class="language-js"><code class="lang-js">…</code></pre>`: every line ends with a newline,
 * inside the `<strong>` when the line ends bold (as GitBook writes it).
 */
export function codeHtml(block: Json, options: HtmlOptions = {}): string {
  const syntax = stringOf(blockData(block).syntax)?.trim();
  const lines = arrayOf(block.nodes).map((line) => {
    const leaves = (isObject(line) ? arrayOf(line.nodes) : []).flatMap((text) => (isObject(text) ? leavesOf(text) : [])).filter((l) => l.text !== '');
    return leaves
      .map((leaf, i) => {
        const text = (options.gfm ? escapeText(leaf.text) : escapeHtml(leaf.text)) + (i === leaves.length - 1 ? '\n' : '');
        const bold = leaf.marks.includes('bold') ? `<strong>${text}</strong>` : text;
        return leaf.marks.includes('italic') ? `<em>${bold}</em>` : bold;
      })
      .join('') || '\n';
  });
  const body = options.gfm ? lines.join('').replace(/\n/g, '<br>') : lines.join('');
  const classes = syntax ? [` class="language-${escapeAttribute(syntax)}"`, ` class="lang-${escapeAttribute(syntax)}"`] : ['', ''];
  return `<pre${classes[0]}><code${classes[1]}>${body}</code></pre>`;
}

/** A heading's kept anchor (`data.id`) after its text: `## Title <a href="#id" id="id"></a>`. */
export function withHeadingAnchor(lines: string[], data: Json): string[] {
  const id = stringOf(data.id);
  if (!id || lines.length === 0) return lines;
  const anchor = `<a href="#${escapeAttribute(id)}" id="${escapeAttribute(id)}"></a>`;
  // A setext heading (its text on several lines, then `===`): the anchor ends the text.
  const at = lines.length > 1 ? lines.length - 2 : 0;
  return lines.map((line, i) => (i === at ? `${line} ${anchor}` : line));
}
