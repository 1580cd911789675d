/**
 * The part of GitBook's JSON document model (`JSONDocument` and the `Document*` schemas of the
 * /v1 OpenAPI spec) that Folio produces from markdown. Field names and shapes follow the spec;
 * unions are narrowed to what the converter emits.
 */

export type MarkType = 'bold' | 'italic' | 'code' | 'strikethrough';

export interface DocumentMark {
  object: 'mark';
  type: MarkType;
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

export interface InlineImage {
  object: 'inline';
  type: 'inline-image';
  key: string;
  isVoid: true;
  data: { ref: ContentRefURL; alt?: string; caption?: string };
}

export interface InlineLink {
  object: 'inline';
  type: 'link';
  key: string;
  isVoid: false;
  data: { ref: ContentRefURL };
  nodes: Array<DocumentText | InlineImage>;
}

export type DocumentInline = InlineLink | InlineImage;
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
  data: Record<string, never>;
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
  data: { style: HintStyle };
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
  data: { syntax?: string };
  nodes: CodeLine[];
}

export interface Fragment {
  object: 'fragment';
  key: string;
  fragment: string;
  nodes: Paragraph[];
}

export interface ImageBlock {
  object: 'block';
  type: 'image';
  key: string;
  isVoid: true;
  data: { ref: ContentRefURL; alt?: string };
  /** The caption, when the markdown image has a title. */
  fragments: Fragment[];
}

export interface Images {
  object: 'block';
  type: 'images';
  key: string;
  isVoid: false;
  data: Record<string, never>;
  nodes: ImageBlock[];
}

export interface TableDefinition {
  id: string;
  title: string;
  type: 'text';
  textAlignment: 'left' | 'center' | 'right';
}

export interface TableRecord {
  orderIndex: string;
  /** Column id to the name of the fragment holding the cell's content. */
  values: Record<string, string>;
}

export interface Table {
  object: 'block';
  type: 'table';
  key: string;
  isVoid: true;
  data: {
    view: { type: 'grid'; columns: string[]; hideHeader: boolean };
    records: Record<string, TableRecord>;
    definition: Record<string, TableDefinition>;
  };
  fragments: Fragment[];
}

/** GitBook's DocumentBlockOpenAPIOperation: an operation of a specification stored in the organization (by slug). */
export interface OpenAPIOperationBlock {
  object: 'block';
  type: 'openapi-operation';
  key: string;
  isVoid: true;
  data: { ref: { kind: 'openapi'; spec: string }; path: string; method: string };
}

export type Block = Paragraph | Heading | List | Divider | Quote | Hint | Code | Images | Table | OpenAPIOperationBlock;
export type BlockType = Block['type'];

export interface JSONDocument {
  object: 'document';
  data: Record<string, never>;
  nodes: Block[];
}
