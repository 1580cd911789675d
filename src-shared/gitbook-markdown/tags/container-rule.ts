import type { StateBlock } from 'markdown-it';

/**
 * What markdown-it-container does for `:::` blocks, for blocks whose lines open and close with
 * markers of their own (GitBook's `{% tab %}` … `{% endtab %}`, `<details>` … `</details>`): find the
 * matching closing line, counting nested openings, then let markdown-it tokenize the lines between as
 * blocks, so the content may hold anything markdown can (lists, code, other tags) at any depth.
 */

type LineKind = 'open' | 'close' | undefined;

/** The text of a line after its indentation (up to the end of the line). */
export function lineText(state: StateBlock, line: number): string {
  return state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]!);
}

const FENCE = /^(`{3,}|~{3,})/;

/**
 * The line closing the block opened at `startLine`, or -1. Lines inside fenced code are content, not
 * markers. A line indented less than the container's content ends the search (the block opened in a
 * list item must close in it). `firstOpenEnds`: an opening line met before any closing one means the
 * block at `startLine` had no closing line (GitBook's `{% embed %}` closes only when it has a caption).
 */
export function findClosingLine(state: StateBlock, startLine: number, endLine: number, kindOf: (text: string) => LineKind, firstOpenEnds = false): number {
  let depth = 0;
  let fence: string | undefined;
  for (let line = startLine + 1; line < endLine; line += 1) {
    const text = lineText(state, line);
    if (text !== '' && state.sCount[line]! < state.blkIndent) return -1;
    if (fence !== undefined) {
      if (text.startsWith(fence) && text.slice(fence.length).replace(new RegExp(`^\\${fence[0]}*`), '').trim() === '') fence = undefined;
      continue;
    }
    const opening = FENCE.exec(text);
    if (opening && !(opening[1]![0] === '`' && text.slice(opening[1]!.length).includes('`'))) {
      fence = opening[1]!;
      continue;
    }
    if (state.sCount[line]! - state.blkIndent >= 4) continue;
    const kind = kindOf(text);
    if (kind === 'open') {
      if (firstOpenEnds) return -1;
      depth += 1;
    } else if (kind === 'close') {
      if (depth === 0) return line;
      depth -= 1;
    }
  }
  return -1;
}

/**
 * Emits a container block: an open token carrying the mdast node (see parse.ts), the tokens of the
 * lines from `contentStart` to `closeLine`, and a close token. Lazy continuation lines cannot run past
 * the closing line, as in markdown-it-container.
 */
export function tokenizeContainer(state: StateBlock, node: object, startLine: number, contentStart: number, closeLine: number): void {
  const oldParent = state.parentType;
  const oldLineMax = state.lineMax;
  // markdown-it-container's parent type; no core rule distinguishes it from others.
  state.parentType = 'container' as StateBlock['parentType'];
  state.lineMax = closeLine;
  const open = state.push('folio_block_open', '', 1);
  open.meta = node as Record<string, unknown>;
  open.block = true;
  open.map = [startLine, closeLine + 1];
  state.md.block.tokenize(state, contentStart, closeLine);
  const close = state.push('folio_block_close', '', -1);
  close.block = true;
  state.parentType = oldParent;
  state.lineMax = oldLineMax;
  state.line = closeLine + 1;
}

/** Emits a block without content (a void tag) on one line. */
export function pushLeaf(state: StateBlock, node: object, line: number): void {
  const token = state.push('folio_block', '', 0);
  token.meta = node as Record<string, unknown>;
  token.block = true;
  token.map = [line, line + 1];
  state.line = line + 1;
}
