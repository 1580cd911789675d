import { describe, expect, it } from 'vitest';
import { widgetDocument, widgetHtml } from '../../../../src-renderer/src/editor/live-preview/block-html';
import { scanBlocks } from '../../../../src-renderer/src/editor/live-preview/block-scan';
import {
  hasIncludes,
  type IncludeLookup,
  includedDocuments,
  includedSlug,
  includeLine,
  lookupSignature,
  type ReusableContentSource,
} from '../../../../src-renderer/src/editor/live-preview/includes';

/** A source answering from a fixed table of slugs (absent: missing). */
function sourceOf(table: Record<string, IncludeLookup>): ReusableContentSource {
  return { lookup: (slug) => table[slug] ?? { status: 'missing' }, subscribe: () => () => undefined };
}

describe('include lines in the live preview', () => {
  it('reads the slug from the file name of an include path written from any folder, and nothing from other paths', () => {
    expect(includedSlug('.gitbook/includes/setup.md')).toBe('setup');
    expect(includedSlug('../../.gitbook/includes/Safety-check.md')).toBe('Safety-check');
    expect(includedSlug('.gitbook/includes/setup.txt')).toBeUndefined();
    expect(includedSlug('docs/includes/setup.md')).toBeUndefined();
    expect(includedSlug('.gitbook/includes/.md')).toBeUndefined();
  });

  it('writes the include line from the top of the space, which the parser reads back as that slug', () => {
    const line = includeLine('safety-check');
    expect(line).toBe('{% include ".gitbook/includes/safety-check.md" %}');
    const doc = widgetDocument(line);
    expect(doc?.nodes).toEqual([expect.objectContaining({ type: 'reusable-content', data: { ref: { kind: 'reusable-content', reusableContent: 'safety-check' } } })]);
  });

  it('finds an include line as a block of the page, between paragraphs', () => {
    const page = ['Before.', '', includeLine('setup'), '', 'After.'].join('\n');
    expect(scanBlocks(page)).toEqual([{ startLine: 2, endLine: 3, kind: 'include' }]);
  });

  it('renders the included markdown where the source has it, nested includes too, and nothing for a missing one', () => {
    const source = sourceOf({
      setup: { status: 'ready', title: 'Setup', markdown: `Install **it**.\n\n${includeLine('footer')}\n` },
      footer: { status: 'ready', title: 'Footer', markdown: 'Questions? Ask.\n' },
    });
    const seen = new Set<string>();
    const html = widgetHtml(widgetDocument(includeLine('setup'))!, { idPrefix: 't-', reusableContent: includedDocuments(source, { seen }) });
    expect(html).toContain('<strong>it</strong>');
    expect(html).toContain('Questions? Ask.');
    expect([...seen].sort()).toEqual(['footer', 'setup']);
    expect(widgetHtml(widgetDocument(includeLine('gone'))!, { idPrefix: 't-', reusableContent: includedDocuments(source) })).toBe('');
  });

  it('tells whether a block places reusable content anywhere inside it', () => {
    const tabs = ['{% tabs %}', '{% tab title="One" %}', includeLine('setup'), '{% endtab %}', '{% endtabs %}'].join('\n');
    expect(hasIncludes(widgetDocument(tabs)!)).toBe(true);
    expect(hasIncludes(widgetDocument('{% hint style="info" %}\nNo include.\n{% endhint %}')!)).toBe(false);
  });

  it('changes its signature when what an include shows changes, and only then', () => {
    const before = lookupSignature(sourceOf({ setup: { status: 'loading' } }), ['setup']);
    const ready = lookupSignature(sourceOf({ setup: { status: 'ready', title: 'Setup', markdown: 'A' } }), ['setup']);
    const renamed = lookupSignature(sourceOf({ setup: { status: 'ready', title: 'Install', markdown: 'A' } }), ['setup']);
    expect(new Set([before, ready, renamed]).size).toBe(3);
    expect(lookupSignature(sourceOf({ setup: { status: 'ready', title: 'Install', markdown: 'A' } }), ['setup'])).toBe(renamed);
  });
});
