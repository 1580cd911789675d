import { syntaxTree } from '@codemirror/language';
import type { EditorState, Range } from '@codemirror/state';
import { Decoration, type DecorationSet } from '@codemirror/view';
import { blocksOf } from './block-field';
import { codeTagTitle, htmlTagOf, isEndCodeTag, STYLED_HTML } from './html-tags';
import { BulletWidget, CheckboxWidget, CodeHeaderWidget, ImageWidget, InlineMathWidget, RuleWidget } from './inline-widgets';

/**
 * The inline half of the live preview, from the markdown syntax tree (lang-markdown with GFM): headings
 * large, emphasis, code, strikes, links and HTML marks styled, and their markup hidden, except on the
 * lines the selection touches, where the markdown shows as written (as Obsidian does). Lists get bullets
 * and task boxes, quotes a bar, rules a line, images the image, code blocks a label.
 *
 * Built for the given ranges only (the visible ones), so its cost follows the screen, not the page. The
 * tree is the state's parse so far (the view plugin redraws as the parse goes on).
 */
export function inlineDecorations(state: EditorState, ranges: readonly { from: number; to: number }[], tree: Tree = syntaxTree(state)): DecorationSet {
  const found: Range<Decoration>[] = [];
  const builder = new InlineBuilder(state, found);
  for (const { from, to } of ranges) tree.iterate({ from, to, enter: (node) => builder.enter(node) });
  return Decoration.set(found, true);
}

// Lezer's types as @codemirror/language hands them out (@lezer/common is not a dependency of its own).
type Tree = ReturnType<typeof syntaxTree>;
type SyntaxNode = Tree['topNode'];
type SyntaxNodeRef = Parameters<NonNullable<Parameters<Tree['iterate']>[0]['enter']>>[0];

const hidden = Decoration.replace({});
const lineClass = (className: string) => Decoration.line({ class: className });
const mark = (className: string) => Decoration.mark({ class: className });

class InlineBuilder {
  private readonly activeLines = new Set<number>();
  private readonly drawnBlocks: { from: number; to: number }[];

  constructor(
    private readonly state: EditorState,
    private readonly found: Range<Decoration>[],
  ) {
    for (const range of state.selection.ranges) {
      const last = state.doc.lineAt(range.to).number;
      for (let line = state.doc.lineAt(range.from).number; line <= last; line += 1) this.activeLines.add(line);
    }
    // Blocks drawn as widgets replace their lines: nothing inside them is decorated.
    this.drawnBlocks = blocksOf(state).filter((block) => !state.selection.ranges.some((r) => r.from <= block.to && r.to >= block.from));
  }

  /** Whether the selection touches any line of [from, to]: the markup shows there. */
  private active(from: number, to: number): boolean {
    const last = this.state.doc.lineAt(to).number;
    for (let line = this.state.doc.lineAt(from).number; line <= last; line += 1) if (this.activeLines.has(line)) return true;
    return false;
  }

  private add(from: number, to: number, decoration: Decoration): void {
    if (from < to || decoration.spec.widget || decoration === hidden) this.found.push(decoration.range(from, to));
  }

  private hide(from: number, to: number): void {
    if (from < to) this.found.push(hidden.range(from, to));
  }

  private lines(from: number, to: number, className: string): void {
    const last = this.state.doc.lineAt(to).number;
    for (let line = this.state.doc.lineAt(from).number; line <= last; line += 1) this.found.push(lineClass(className).range(this.state.doc.line(line).from));
  }

  enter(node: SyntaxNodeRef): boolean | void {
    if (this.drawnBlocks.some((block) => node.from >= block.from && node.to <= block.to)) return false;
    const name = node.name;
    const heading = /^(?:ATX|Setext)Heading(\d)$/.exec(name);
    if (heading) return this.heading(node, Number(heading[1]));
    switch (name) {
      case 'EmphasisMark':
      case 'StrikethroughMark':
        if (!this.active(node.from, node.to)) this.hide(node.from, node.to);
        return;
      case 'InlineCode':
        this.add(node.from, node.to, mark('cm-lp-inline-code'));
        if (!this.active(node.from, node.to)) for (const child of children(node.node, 'CodeMark')) this.hide(child.from, child.to);
        return false;
      case 'Link':
        return this.link(node.node);
      case 'Image':
        return this.image(node.node);
      case 'ListMark':
        return this.listMark(node.node);
      case 'TaskMarker':
        return this.task(node);
      case 'Blockquote':
        this.lines(node.from, node.to, 'cm-lp-quote');
        return;
      case 'QuoteMark':
        if (!this.active(node.from, node.to)) this.hide(node.from, this.state.doc.sliceString(node.to, node.to + 1) === ' ' ? node.to + 1 : node.to);
        return;
      case 'HorizontalRule':
        if (!this.active(node.from, node.to)) this.add(node.from, node.to, Decoration.replace({ widget: new RuleWidget() }));
        return;
      case 'FencedCode':
        this.fencedCode(node.node);
        return false;
      case 'HTMLTag':
        this.htmlTag(node.node);
        return;
      case 'Paragraph':
        this.inlineMath(node.node);
        return;
      default:
        return;
    }
  }

  private heading(node: SyntaxNodeRef, level: number): void {
    const firstLine = this.state.doc.lineAt(node.from);
    this.found.push(lineClass(`cm-lp-heading cm-lp-h${level}`).range(firstLine.from));
    if (this.active(node.from, node.to)) return;
    for (const markNode of children(node.node, 'HeaderMark')) {
      // `## Title`: the marks and the space after them; a closing `##` and the space before it.
      const after = this.state.doc.sliceString(markNode.to, markNode.to + 1) === ' ' ? 1 : 0;
      const before = markNode.from > firstLine.from && this.state.doc.sliceString(markNode.from - 1, markNode.from) === ' ' ? 1 : 0;
      if (markNode.from === firstLine.from) this.hide(markNode.from, markNode.to + after);
      else if (markNode.from > firstLine.to) this.lines(markNode.from, markNode.to, 'cm-lp-setext-underline');
      else this.hide(markNode.from - before, markNode.to);
    }
  }

  private link(node: SyntaxNode): false {
    const marks = children(node, 'LinkMark');
    const open = marks[0];
    const close = marks.find((m) => this.state.doc.sliceString(m.from, m.to) === ']');
    if (!open || !close) return false;
    this.add(open.to, close.from, mark('cm-lp-link'));
    if (!this.active(node.from, node.to)) {
      this.hide(open.from, open.to);
      this.hide(close.from, node.to);
    }
    return false;
  }

  private image(node: SyntaxNode): false {
    if (this.active(node.from, node.to)) return false;
    const url = children(node, 'URL')[0];
    const marks = children(node, 'LinkMark');
    const close = marks.find((m) => this.state.doc.sliceString(m.from, m.to) === ']');
    if (!url || !close) return false;
    const alt = this.state.doc.sliceString(node.from + 2, close.from);
    const src = this.state.doc.sliceString(url.from, url.to).replace(/^<|>$/g, '');
    this.add(node.from, node.to, Decoration.replace({ widget: new ImageWidget(src, alt) }));
    return false;
  }

  private listMark(node: SyntaxNode): void {
    const list = node.parent?.parent;
    const item = node.parent;
    if (list?.name !== 'BulletList' || !item) {
      this.add(node.from, node.to, mark('cm-lp-list-number'));
      return;
    }
    // A task's box stands for its bullet.
    const task = item.getChild('Task');
    if (task) {
      this.hide(node.from, this.state.doc.sliceString(node.to, node.to + 1) === ' ' ? node.to + 1 : node.to);
      return;
    }
    if (!this.active(node.from, node.to)) this.add(node.from, node.to, Decoration.replace({ widget: new BulletWidget() }));
  }

  private task(node: SyntaxNodeRef): void {
    const selected = this.state.selection.ranges.some((r) => r.from <= node.to && r.to >= node.from);
    if (selected && this.active(node.from, node.to)) return;
    const checked = /\[[xX]\]/.test(this.state.doc.sliceString(node.from, node.to));
    this.add(node.from, node.to, Decoration.replace({ widget: new CheckboxWidget(checked) }));
    const task = node.node.parent;
    const textFrom = this.state.doc.sliceString(node.to, node.to + 1) === ' ' ? node.to + 1 : node.to;
    if (checked && task) this.add(textFrom, task.to, mark('cm-lp-task-done'));
  }

  private fencedCode(node: SyntaxNode): void {
    const doc = this.state.doc;
    const first = doc.lineAt(node.from);
    const last = doc.lineAt(node.to);
    const above = first.number > 1 ? doc.line(first.number - 1) : undefined;
    const below = last.number < doc.lines ? doc.line(last.number + 1) : undefined;
    const title = above ? codeTagTitle(above.text) : undefined;
    const wrapped = title !== undefined && below !== undefined && isEndCodeTag(below.text);
    this.lines(node.from, node.to, 'cm-lp-code-line');
    this.found.push(lineClass('cm-lp-code-first').range(first.from));
    this.found.push(lineClass('cm-lp-code-last').range(last.from));
    const activeFrom = wrapped ? above!.from : node.from;
    const activeTo = wrapped ? below!.to : node.to;
    if (this.active(activeFrom, activeTo)) return;
    const language = children(node, 'CodeInfo')[0];
    const label = new CodeHeaderWidget(language ? doc.sliceString(language.from, language.to).trim() : '', wrapped ? (title ?? '') : '');
    this.add(first.from, first.to, Decoration.replace({ widget: label }));
    if (last.number > first.number && children(node, 'CodeMark').length > 1) {
      this.hide(last.from, last.to);
      this.found.push(lineClass('cm-lp-code-closing').range(last.from));
    }
    if (wrapped) {
      for (const line of [above!, below!]) {
        this.hide(line.from, line.to);
        this.found.push(lineClass('cm-lp-collapsed').range(line.from));
      }
    }
  }

  private htmlTag(node: SyntaxNode): void {
    const text = this.state.doc.sliceString(node.from, node.to);
    const tag = htmlTagOf(text);
    if (!tag || tag.closing || !STYLED_HTML.has(tag.name)) return;
    // The matching closing tag among the following siblings (inline HTML stays within its paragraph).
    for (let next = node.nextSibling; next; next = next.nextSibling) {
      if (next.name !== 'HTMLTag') continue;
      const other = htmlTagOf(this.state.doc.sliceString(next.from, next.to));
      if (other?.name !== tag.name) continue;
      if (!other.closing) return;
      this.add(node.to, next.from, mark(`cm-lp-html cm-lp-html-${tag.name}${tag.colorClass ? ` ${tag.colorClass}` : ''}`));
      if (!this.active(node.from, next.to)) {
        this.hide(node.from, node.to);
        this.hide(next.from, next.to);
      }
      return;
    }
  }

  /**
   * Formulas inside a paragraph, `$$…$$`, as GitBook's math rule reads them (src-shared's math-rule.ts:
   * `\$$` is a literal, an empty formula is text), never inside code spans.
   */
  private inlineMath(node: SyntaxNode): void {
    const text = this.state.doc.sliceString(node.from, node.to);
    if (!text.includes('$$')) return;
    const code = node.getChildren('InlineCode');
    let at = text.indexOf('$$');
    while (at >= 0) {
      const end = text.indexOf('$$', at + 2);
      if (end < 0) return;
      const from = node.from + at;
      const to = node.from + end + 2;
      const formula = text.slice(at + 2, end).trim();
      const escaped = at > 0 && text[at - 1] === '\\';
      const inCode = code.some((span) => span.from < to && span.to > from);
      if (escaped || inCode || formula === '') {
        at = text.indexOf('$$', at + 2);
        continue;
      }
      if (!this.active(from, to)) this.add(from, to, Decoration.replace({ widget: new InlineMathWidget(formula) }));
      at = text.indexOf('$$', end + 2);
    }
  }
}

function children(node: SyntaxNode, name: string): SyntaxNode[] {
  return node.getChildren(name);
}
