import type { GitBookBlock } from './block-types';

export type * from './block-types';

/**
 * The part of GitBook's JSON document model (`JSONDocument` and the `Document*` schemas of the
 * /v1 OpenAPI spec) that Folio produces from markdown. Field names and shapes follow the spec;
 * unions are narrowed to what the converter emits.
 */

export type MarkType = 'bold' | 'italic' | 'code' | 'strikethrough' | 'keyboard' | 'superscript' | 'subscript' | 'color';

/** GitBook's colours for text and background (`<mark style="color:…;background-color:…">`). */
export type MarkColor = 'default' | 'green' | 'blue' | 'red' | 'orange' | 'yellow' | 'purple' | '$primary' | '$info' | '$success' | '$warning' | '$danger';

export interface DocumentMark {
  object: 'mark';
  type: MarkType;
  /** Only the `color` mark has data. */
  data?: { text: MarkColor; background: MarkColor };
}

export interface DocumentLeaf {
  object: 'leaf';
  text: string;
  marks: DocumentMark[];
}

export interface DocumentText {
  object: 'text';
  key: string;
  leaves: DocumentLeaf[];
}

export interface ContentRefURL {
  kind: 'url';
  url: string;
}

/** Another page of the space (a link to its file in markdown). */
export interface ContentRefPage {
  kind: 'page';
  page: string;
}

/** A heading of a page; without `page`, of the page the reference is in. */
export interface ContentRefAnchor {
  kind: 'anchor';
  anchor: string;
  page?: string;
}

/** A file of the space (`.gitbook/assets/<name>` in markdown). */
export interface ContentRefFile {
  kind: 'file';
  file: string;
}

export type ContentRef = ContentRefURL | ContentRefPage | ContentRefAnchor | ContentRefFile;

/**
 * A reusable content (GitBook's ContentRefReusableContent): written `{% include "…/.gitbook/includes/<slug>.md" %}`
 * in markdown. Kept out of `ContentRef`: only the reusable-content block holds one, never a link.
 */
export interface ContentRefReusableContent {
  kind: 'reusable-content';
  reusableContent: string;
  /** The space the reusable content is defined in; without it, the space of the document holding the reference. */
  space?: string;
}
export type ImageRef = ContentRefURL | ContentRefFile;

export interface InlineImage {
  object: 'inline';
  type: 'inline-image';
  key: string;
  isVoid: true;
  /** `size`: GitBook's `<img data-size="line|original">` (the height of a line, or as large as it is). */
  data: { ref: ImageRef; refDark?: ImageRef; alt?: string; caption?: string; size?: 'original' | 'line' };
}

/** An emoji (`data.code`: its code points in hex, `1f50d`), written in HTML cells as GitBook's custom inline span. */
export interface InlineEmoji {
  object: 'inline';
  type: 'emoji';
  key: string;
  isVoid: true;
  data: { code: string };
}

export interface InlineLink {
  object: 'inline';
  type: 'link';
  key: string;
  isVoid: false;
  data: { ref: ContentRef };
  nodes: Array<DocumentText | InlineImage | InlineMath>;
}

/** `$$formula$$` inside a line of text (TeX). */
export interface InlineMath {
  object: 'inline';
  type: 'inline-math';
  key: string;
  isVoid: true;
  data: { formula: string };
}

export type DocumentInline = InlineLink | InlineImage | InlineMath | InlineEmoji;
export type InlineContent = DocumentText | DocumentInline;

export interface Paragraph {
  object: 'block';
  type: 'paragraph';
  key: string;
  isVoid: false;
  data: Record<string, never>;
  nodes: InlineContent[];
}

export interface Heading {
  object: 'block';
  type: 'heading-1' | 'heading-2' | 'heading-3';
  key: string;
  isVoid: false;
  /** `id`: an anchor GitBook keeps for the heading (`## Title <a href="#id" id="id"></a>`). */
  data: { id?: string };
  /** The anchor of the heading, as the spec's `meta.id` ("Unique ID to be used in an URL"). */
  meta: { id: string };
  nodes: InlineContent[];
}

export interface ListItem {
  object: 'block';
  type: 'list-item';
  key: string;
  isVoid: false;
  data: { checked?: boolean };
  nodes: Block[];
}

export interface List {
  object: 'block';
  type: 'list-unordered' | 'list-ordered' | 'list-tasks';
  key: string;
  isVoid: false;
  data: { start?: number };
  nodes: ListItem[];
}

export interface Divider {
  object: 'block';
  type: 'divider';
  key: string;
  isVoid: true;
  data: Record<string, never>;
}

export interface Quote {
  object: 'block';
  type: 'blockquote';
  key: string;
  isVoid: false;
  data: Record<string, never>;
  nodes: Block[];
}

export type HintStyle = 'info' | 'success' | 'warning' | 'danger';

export interface Hint {
  object: 'block';
  type: 'hint';
  key: string;
  isVoid: false;
  /** `icon` is GitBook's newer hint attribute (an icon name); kept when the markdown has it. */
  data: { style: HintStyle; icon?: string };
  nodes: Block[];
}

export interface CodeLine {
  object: 'block';
  type: 'code-line';
  key: string;
  isVoid: false;
  data: Record<string, never>;
  nodes: DocumentText[];
}

export interface Code {
  object: 'block';
  type: 'code';
  key: string;
  isVoid: false;
  /** From the fence's language and the `{% code title="…" overflow="wrap" lineNumbers="true" fullWidth="true" %}` around it. */
  data: { syntax?: string; title?: string; overflow?: 'scroll' | 'wrap'; lineNumbers?: boolean; fullWidth?: boolean };
  nodes: CodeLine[];
}

export interface Fragment<Node extends { object: 'block' } = Paragraph> {
  object: 'fragment';
  key: string;
  fragment: string;
  nodes: Node[];
}

/** What a table cell holds: paragraphs, and the lists and code GitBook writes in cells as HTML. */
export type TableCellBlock = Paragraph | List | Code | Table;

export interface ImageBlock {
  object: 'block';
  type: 'image';
  key: string;
  isVoid: true;
  /**
   * `refDark`: the image shown in dark mode (GitBook's `<picture>` pair); `width` as written
   * (`<img width="300">`, a number of pixels; `width="50%"` is the spec's Length `{ unit: '%', value: 50 }`;
   * a percentage string is read too).
   */
  data: { ref: ImageRef; refDark?: ImageRef; alt?: string; width?: number | string | { unit: string; value: number } };
  /** The caption: `<figcaption>`, or a markdown image's title. */
  fragments: Fragment[];
}

export interface Images {
  object: 'block';
  type: 'images';
  key: string;
  isVoid: false;
  data: { align?: 'center' | 'left' | 'right'; fullWidth?: boolean };
  nodes: ImageBlock[];
}

/**
 * A column of a table. Text columns hold a fragment per cell; a cards table (`data-view="cards"`)
 * adds a `files` column for the card's cover and a `content-ref` column for where the card leads.
 */
export type TableDefinition =
  | { id: string; title: string; type: 'text'; textAlignment: 'left' | 'center' | 'right' }
  | { id: string; title: string; type: 'files' }
  | { id: string; title: string; type: 'content-ref' }
  | { id: string; title: string; type: 'image' };

export interface TableRecord {
  orderIndex: string;
  /**
   * Column id to the cell: for a text column the name of the fragment holding its content, for a
   * files column the ids (or URLs) of its files, for a content-ref column the reference.
   */
  values: Record<string, string | string[] | ContentRef>;
}

export type TableView =
  /** `columnWidths`: pixels per column id (`<th width="188">`). */
  | { type: 'grid'; columns: string[]; hideHeader: boolean; columnWidths?: Record<string, number> }
  | {
      type: 'cards';
      columns: string[];
      cardSize: 'medium' | 'large';
      targetDefinition?: string;
      coverDefinition?: string;
      coverDefinitionDark?: string;
      hideColumnTitle?: boolean;
    };

export interface Table {
  object: 'block';
  type: 'table';
  key: string;
  isVoid: true;
  data: {
    view: TableView;
    /** Whether the table spans the page's full width (`data-full-width="true"`). */
    fullWidth?: boolean;
    records: Record<string, TableRecord>;
    definition: Record<string, TableDefinition>;
  };
  fragments: Array<Fragment<TableCellBlock>>;
}

/** GitBook's DocumentBlockOpenAPIOperation: an operation of a specification stored in the organization (by slug). */
export interface OpenAPIOperationBlock {
  object: 'block';
  type: 'openapi-operation';
  key: string;
  isVoid: true;
  data: { ref: { kind: 'openapi'; spec: string }; path: string; method: string };
}

export type Block =
  | Paragraph
  | Heading
  | List
  | Divider
  | Quote
  | Hint
  | Code
  | Images
  | Table
  | OpenAPIOperationBlock
  | GitBookBlock;
export type BlockType = Block['type'];

export interface JSONDocument {
  object: 'document';
  data: Record<string, never>;
  nodes: Block[];
}
