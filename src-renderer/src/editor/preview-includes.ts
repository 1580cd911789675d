import { MAX_INCLUDE_DEPTH } from '../../../src-shared/gitbook-markdown/html/reusable-content';
import { includeCardOf } from './live-preview/include-widget';
import type { ReusableContentSource } from './live-preview/includes';

/**
 * Fills the side preview's include placeholders (`div[data-include-slug]`, see markdown-preview.ts) with the
 * reusable contents they place, drawn as the live preview draws them: the content under a label naming it, or a
 * note when it is missing, loading or failed. Includes inside included content are followed as the published
 * site follows them: a cycle, or nesting past MAX_INCLUDE_DEPTH, shows nothing. Filling again (the source
 * changed) redraws each placeholder's card in place.
 */
export function resolvePreviewIncludes(
  container: HTMLElement,
  source: ReusableContentSource,
  render: (markdown: string) => string,
  including: readonly string[] = [],
): void {
  for (const slot of container.querySelectorAll<HTMLElement>('div[data-include-slug]')) {
    // Nested placeholders are filled by the call that drew their parent.
    if (slot.parentElement?.closest('div[data-include-slug]') !== container.closest('div[data-include-slug]')) continue;
    const slug = slot.dataset.includeSlug ?? '';
    if (including.length >= MAX_INCLUDE_DEPTH || including.includes(slug.toLowerCase())) {
      slot.replaceChildren();
      continue;
    }
    const found = source.lookup(slug);
    const content = document.createElement('div');
    if (found.status === 'ready') {
      // The same renderer as the page (raw HTML off): only markup generated from the markdown.
      content.innerHTML = render(found.markdown);
      resolvePreviewIncludes(content, source, render, [...including, slug.toLowerCase()]);
    }
    slot.replaceChildren(includeCardOf(slug, found, content));
  }
}
