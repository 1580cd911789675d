import { useMemo } from 'react';
import type { PageNow, RevisionPage } from './history-store';
import { diffBlocks, inlineDiff } from './revision-diff';
import { renderBlocks, renderPage } from './revision-html';

/** The page as it read at the revision, rendered as the published site renders it. */
export function RenderedRevision({ page }: { page: RevisionPage }) {
  const html = useMemo(() => renderPage(page.markdown), [page.markdown]);
  if (!page.markdown.trim()) {
    return <p className="hint">{page.kind === 'group' ? 'A group of pages: it has no text of its own.' : 'This page was empty at this revision.'}</p>;
  }
  return <div className="revision-view__body revision-rendered" dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * What changed from the revision to the page now: added text in `<ins>`, removed text in `<del>`, both
 * named for screen readers by the stylesheet. A title change is shown the same way.
 */
export function RevisionChanges({ page, now }: { page: RevisionPage; now: PageNow }) {
  const html = useMemo(() => diffBlocks(renderBlocks(page.markdown, 'then'), renderBlocks(now?.markdown ?? '', 'now')), [page.markdown, now?.markdown]);
  const sameText = now !== null && now.markdown === page.markdown;
  const titleChanged = now !== null && now.title !== page.title;
  return (
    <div className="revision-changes" aria-label="Changes since this revision" role="region">
      <p className="hint revision-changes__legend">
        Compared with the page now: <ins>added</ins> and <del>removed</del> text.
      </p>
      {now === null && <p className="callout">This page is deleted now: restoring it brings it back as it was then.</p>}
      {titleChanged && (
        <p className="revision-changes__title">
          Title: <span dangerouslySetInnerHTML={{ __html: inlineDiff(escape(page.title), escape(now.title)) ?? '' }} />
        </p>
      )}
      {sameText ? (
        <p className="hint">The text is the same now as at this revision.</p>
      ) : (
        <div className="revision-view__body revision-diff" dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </div>
  );
}

function escape(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}
