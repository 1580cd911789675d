import type { ContentRef, ContentRefAnchor, ContentRefFile, ContentRefPage, ContentRefReusableContent, JSONDocument, OpenAPIBlock, OpenAPIOperationBlock } from '../types';

/**
 * What a document's HTML needs to know about the world around it, implemented by whoever shows the
 * document (the published site, the editor's preview). The renderer never trusts an href it is given:
 * every URL is checked again (safe.ts). The HTML the OpenAPI and highlighting hooks return is put in
 * the page as it is, so they must escape what they show.
 */
export interface DocumentLinks {
  /**
   * Where a reference leads: a page to its published address, an anchor to `#id` (or the page's address
   * with it), a file to the address it is served at, a URL to itself. `undefined`: nowhere the reader
   * can go (the text is shown without a link).
   */
  href(ref: ContentRef): string | undefined;
  /** The title of the page a reference leads to, for content-ref cards. */
  pageTitle?(ref: ContentRefPage | ContentRefAnchor): string | undefined;
  /** A file of the space by its reference: its name (and size in bytes), for file blocks and cards. */
  file?(ref: ContentRefFile): { name: string; size?: number } | undefined;
  /** The HTML of an OpenAPI operation block (an operation of a specification stored in the organization). */
  openAPIOperation?(block: OpenAPIOperationBlock): string;
  /** The HTML of a swagger block (an operation of a specification file or URL); undefined shows the block's card. */
  swagger?(block: OpenAPIBlock): string | undefined;
  /**
   * The title an embedded URL's page gives itself, when known (fetched beforehand: rendering never waits on
   * the network). Shown as the embed card's title, as text; without it the card is titled by the URL's host.
   */
  embedTitle?(url: string): string | undefined;
}

export interface RenderOptions {
  /**
   * The inside of `<code>` for a code block in a language, as HTML (highlight.js' output); `undefined`
   * for a language it does not know. Without it code is plain escaped text.
   */
  highlight?(code: string, syntax: string): string | undefined;
  /** Put before the ids the renderer makes up (tabs), so two documents on one page do not clash. */
  idPrefix?: string;
  /**
   * The document of a reusable content, shown in place of the blocks that include it (html/reusable-content.ts);
   * `undefined`: unknown, and the block shows nothing. Without it no reusable content shows.
   */
  reusableContent?(ref: ContentRefReusableContent): JSONDocument | undefined;
}
