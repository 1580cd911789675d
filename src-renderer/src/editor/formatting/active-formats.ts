import { syntaxTree } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';

/** The formats the toolbar shows as pressed: those the cursor is inside. */
export interface ActiveFormats {
  bold: boolean;
  italic: boolean;
  code: boolean;
  strikethrough: boolean;
  link: boolean;
  heading: 0 | 1 | 2 | 3 | 4 | 5 | 6;
  bulletedList: boolean;
  numberedList: boolean;
  taskList: boolean;
  quote: boolean;
  codeBlock: boolean;
}

export const NO_FORMATS: ActiveFormats = {
  bold: false,
  italic: false,
  code: false,
  strikethrough: false,
  link: false,
  heading: 0,
  bulletedList: false,
  numberedList: false,
  taskList: false,
  quote: false,
  codeBlock: false,
};

/**
 * Reads the formats at the cursor from the markdown syntax tree CodeMirror keeps anyway (cheap: one walk
 * up from the cursor). The innermost list decides which kind of list it is.
 */
/** A node of the syntax tree (the type from @lezer/common, reached through @codemirror/language). */
type SyntaxNode = ReturnType<ReturnType<typeof syntaxTree>['resolveInner']>;

export function activeFormatsAt(state: EditorState): ActiveFormats {
  const formats = { ...NO_FORMATS };
  const head = state.selection.main.head;
  // Both sides: a cursor at the very start of a heading or list line is in it, as is one right after `**word`.
  for (const side of [-1, 1] as const) {
    let listDecided = false;
    for (let node: SyntaxNode | null = syntaxTree(state).resolveInner(head, side); node; node = node.parent) {
      const name = node.name;
      if (name === 'StrongEmphasis') formats.bold = true;
      else if (name === 'Emphasis') formats.italic = true;
      else if (name === 'InlineCode') formats.code = true;
      else if (name === 'Strikethrough') formats.strikethrough = true;
      else if (name === 'Link') formats.link = true;
      else if (name === 'Blockquote') formats.quote = true;
      else if (name === 'FencedCode' || name === 'CodeBlock') formats.codeBlock = true;
      else if (/^(ATX|Setext)Heading\d$/.test(name)) formats.heading = Number(name.at(-1)) as ActiveFormats['heading'];
      else if (name === 'Task' && !listDecided) formats.taskList = true;
      else if ((name === 'BulletList' || name === 'OrderedList') && !listDecided) {
        listDecided = true;
        if (!formats.taskList) formats[name === 'BulletList' ? 'bulletedList' : 'numberedList'] = true;
      }
    }
  }
  return formats;
}
