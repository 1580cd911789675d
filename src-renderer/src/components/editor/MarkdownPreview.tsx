import { type MouseEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type * as Y from 'yjs';
import type { ReusableContentSource } from '../../editor/live-preview/includes';
import { renderMarkdown } from '../../editor/markdown-preview';
import { previewHeading, resolvePreviewImages } from '../../editor/preview-images';
import { resolvePreviewIncludes } from '../../editor/preview-includes';
import { type OperationSource, resolveOpenAPIBlocks } from '../../editor/preview-openapi';

/** How long the preview waits after a change before rendering again: typing stays smooth on long pages. */
const RENDER_EVERY_MS = 150;

interface MarkdownPreviewProps {
  text: Y.Text;
  /** A heading to scroll to (a search result's section). */
  anchor?: string;
  imageUrl(name: string): Promise<string | undefined>;
  /** Where OpenAPI blocks read their operations; without it they say they are loading. */
  operations?: OperationSource;
  /** What reusable content includes show; without it they show nothing. */
  includes?: ReusableContentSource;
}

/** The page rendered as readers see it, updated as the writer types (and as remote changes arrive). */
export function MarkdownPreview({ text, anchor, imageUrl, operations, includes }: MarkdownPreviewProps) {
  const [html, setHtml] = useState(() => renderMarkdown(text.toString()));
  // Bumped when a reusable content arrives, is edited or renamed: its includes are drawn again.
  const [includesChanged, setIncludesChanged] = useState(0);
  const container = useRef<HTMLElement>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const render = () => {
      timer = undefined;
      setHtml(renderMarkdown(text.toString()));
    };
    const onChange = () => {
      timer ??= setTimeout(render, RENDER_EVERY_MS);
    };
    render();
    text.observe(onChange);
    return () => {
      text.unobserve(onChange);
      clearTimeout(timer);
    };
  }, [text]);

  useEffect(() => includes?.subscribe(() => setIncludesChanged((count) => count + 1)), [includes]);

  useLayoutEffect(() => {
    if (!container.current) return;
    // Includes first: the images and OpenAPI blocks of the reusable content they draw are then filled too.
    if (includes) resolvePreviewIncludes(container.current, includes, renderMarkdown);
    resolvePreviewImages(container.current, imageUrl);
    if (operations) resolveOpenAPIBlocks(container.current, operations);
  }, [html, imageUrl, operations, includes, includesChanged]);

  useEffect(() => {
    if (anchor && container.current) previewHeading(container.current, anchor)?.scrollIntoView({ block: 'start' });
  }, [anchor]);

  // Links inside the page stay inside the preview; web links open outside the app (target=_blank).
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (!link || !href || link.target === '_blank') return;
    event.preventDefault();
    if (href.startsWith('#') && container.current) previewHeading(container.current, decodeURIComponent(href.slice(1)))?.scrollIntoView();
  };

  return (
    // The click handler only intercepts link activation, which the keyboard triggers as a click too.
    <section
      ref={container}
      className="markdown-preview"
      aria-label="Preview"
      onClick={onClick}
      // Rendered by markdown-it with raw HTML off: only markup it generates from the markdown.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
