import type { Block, ContentRef, ContentRefFile, ContentRefReusableContent, ContentRefURL, Fragment, Paragraph } from './types';

/**
 * GitBook's blocks beyond CommonMark, as the 0.137.0 spec's `DocumentBlock*` schemas define them,
 * with the markdown each one is written as in a Git Sync repository.
 */

/** `{% tabs %}` … `{% endtabs %}` */
export interface Tabs {
  object: 'block';
  type: 'tabs';
  key: string;
  isVoid: false;
  data: { fullWidth?: boolean };
  nodes: TabsItem[];
}

/** `{% tab title="…" %}` … `{% endtab %}` */
export interface TabsItem {
  object: 'block';
  type: 'tabs-item';
  key: string;
  isVoid: false;
  data: { title: string };
  nodes: Block[];
}

/** `{% stepper %}` … `{% endstepper %}` */
export interface Stepper {
  object: 'block';
  type: 'stepper';
  key: string;
  isVoid: false;
  data: Record<string, never>;
  nodes: StepperStep[];
}

/** `{% step %}` … `{% endstep %}` */
export interface StepperStep {
  object: 'block';
  type: 'stepper-step';
  key: string;
  isVoid: false;
  data: Record<string, never>;
  nodes: Block[];
}

/**
 * `<details><summary>Title</summary>` markdown body `</details>`. Void, its title and body are
 * fragments (`expandable-title` holds one paragraph, `expandable-body` the blocks).
 */
export interface Expandable {
  object: 'block';
  type: 'expandable';
  key: string;
  isVoid: true;
  data: Record<string, never>;
  fragments: [ExpandableFragment<'expandable-title', Paragraph>, ExpandableFragment<'expandable-body', Block>];
}

interface ExpandableFragment<Name extends string, Node> {
  object: 'fragment';
  key: string;
  fragment: Name;
  type: Name;
  nodes: Node[];
}

/** `{% content-ref url="page.md" %}[title](page.md){% endcontent-ref %}`: a card linking to a page. */
export interface ContentRefBlock {
  object: 'block';
  type: 'content-ref';
  key: string;
  isVoid: true;
  data: { ref: ContentRef };
}

/** `{% embed url="…" %}` (optionally with a caption and `{% endembed %}`) */
export interface Embed {
  object: 'block';
  type: 'embed';
  key: string;
  isVoid: true;
  data: { url: string; fullWidth?: boolean };
  /** GitBook writes an embed's caption between `{% embed %}` and `{% endembed %}`. */
  fragments?: Fragment[];
}

/** `{% file src=".gitbook/assets/x.zip" %}caption{% endfile %}` */
export interface FileBlock {
  object: 'block';
  type: 'file';
  key: string;
  isVoid: true;
  data: { ref: ContentRefFile | ContentRefURL };
  fragments?: Fragment[];
}

/** A paragraph of nothing but `$$formula$$` (TeX). */
export interface MathBlock {
  object: 'block';
  type: 'math';
  key: string;
  isVoid: true;
  data: { formula: string };
}

/** `{% columns %}` … `{% endcolumns %}` */
export interface Columns {
  object: 'block';
  type: 'columns';
  key: string;
  isVoid: false;
  data: { fullWidth?: boolean };
  nodes: Column[];
}

/** `{% column width="50%" valign="middle" %}` … `{% endcolumn %}` */
export interface Column {
  object: 'block';
  type: 'column';
  key: string;
  isVoid: false;
  /** `width`: the spec's Length, `{ unit: '%', value: 50 }` for `width="50%"` (a bare number as written). */
  data: { width?: number | string | { unit: string; value: number }; verticalAlignment?: 'top' | 'middle' | 'bottom' };
  nodes: Block[];
}

/**
 * `{% openapi src="spec.yaml" path="/x" method="get" %}[spec.yaml](spec.yaml){% endopenapi %}`:
 * an operation of a specification file of the space (or a URL).
 */
export interface OpenAPIBlock {
  object: 'block';
  type: 'swagger';
  key: string;
  isVoid: true;
  data: { ref: ContentRefFile | ContentRefURL; method: string; path: string; expanded?: boolean; fullWidth?: boolean };
}

/**
 * `{% @github-files/github-code-block url="…" %}`: a block of an installed integration (its name, the
 * block's id, and the attributes as the block's props).
 */
export interface IntegrationBlock {
  object: 'block';
  type: 'integration';
  key: string;
  isVoid: true;
  data: { integration: string; block: string; props: Record<string, string>; url?: string; fullWidth?: boolean };
}

/**
 * `{% include "../.gitbook/includes/<slug>.md" %}`, a line of its own: a reusable content shown in place
 * (GitBook's DocumentBlockReusableContent). `meta.token` (spec) is not written: Folio has no content tokens.
 */
export interface ReusableContentBlock {
  object: 'block';
  type: 'reusable-content';
  key: string;
  isVoid: true;
  data: { ref: ContentRefReusableContent };
}

export type GitBookBlock =
  | IntegrationBlock
  | Tabs
  | TabsItem
  | Stepper
  | StepperStep
  | Expandable
  | ContentRefBlock
  | Embed
  | FileBlock
  | MathBlock
  | Columns
  | Column
  | OpenAPIBlock
  | ReusableContentBlock;
