import { describe, expect, it } from 'vitest';
import type { IncludeResolver } from '../../src-shared/gitbook-markdown/context';
import { markdownToDocument } from '../../src-shared/gitbook-markdown/markdown-to-document';
import { documentToMarkdown } from '../../src-shared/gitbook-markdown/to-markdown';
import type { IncludeWriter } from '../../src-shared/gitbook-markdown/to-markdown-inline';
import { assertMatchesSchema } from '../support/spec';

/** Both directions of one space's reusable contents, for a page two folders deep: they agree. */
const SLUGS: Record<string, string> = { 'rc-feature': 'feature-request', 'rc-footer': 'support-footer' };
const PREFIX = '../../.gitbook/includes/';
const resolveInclude: IncludeResolver = (path) => {
  const slug = path.startsWith(PREFIX) && path.endsWith('.md') ? path.slice(PREFIX.length, -3) : undefined;
  const id = Object.keys(SLUGS).find((key) => SLUGS[key] === slug);
  return id ? { kind: 'reusable-content', reusableContent: id } : undefined;
};
const writeInclude: IncludeWriter = (ref) => (SLUGS[ref.reusableContent] ? `${PREFIX}${SLUGS[ref.reusableContent]}.md` : undefined);

const reusable = (reusableContent: string) => ({ object: 'block', type: 'reusable-content', isVoid: true, data: { ref: { kind: 'reusable-content', reusableContent } } });

/** A page as Git Sync writes it, reusable contents at the top level and in an expandable. */
const PAGE = [
  '# Requesting features',
  '',
  '{% include "../../.gitbook/includes/feature-request.md" %}',
  '',
  'Anything else?',
  '',
  '<details>',
  '',
  '<summary>Support</summary>',
  '',
  '{% include "../../.gitbook/includes/support-footer.md" %}',
  '',
  '</details>',
  '',
].join('\n');

describe('reusable content written back as markdown', () => {
  it('writes markdown → document → markdown byte for byte when the two resolvers agree', () => {
    const doc = markdownToDocument(PAGE, { resolveInclude });
    assertMatchesSchema('JSONDocument', doc, '0.137.0');
    expect(doc.nodes.map((node) => node.type)).toEqual(['heading-1', 'reusable-content', 'paragraph', 'expandable']);
    expect(documentToMarkdown(doc, { writeInclude })).toBe(PAGE);
  });

  it("writes a client's reusable-content block as an include line, in GitBook's double quotes", () => {
    const doc = { object: 'document', data: {}, nodes: [reusable('rc-footer')] };
    expect(documentToMarkdown(doc, { writeInclude })).toBe('{% include "../../.gitbook/includes/support-footer.md" %}\n');
    expect(documentToMarkdown(markdownToDocument("{%include '../../.gitbook/includes/support-footer.md'%}\n", { resolveInclude }), { writeInclude })).toBe(
      '{% include "../../.gitbook/includes/support-footer.md" %}\n',
    );
  });

  it('hands the writer the space of a reference to another space', () => {
    const asked: unknown[] = [];
    const doc = { object: 'document', nodes: [{ ...reusable('rc-x'), data: { ref: { kind: 'reusable-content', reusableContent: 'rc-x', space: 's2' } } }] };
    expect(documentToMarkdown(doc, { writeInclude: (ref) => (asked.push(ref), 'shared.md') })).toBe('{% include "shared.md" %}\n');
    expect(asked).toEqual([{ kind: 'reusable-content', reusableContent: 'rc-x', space: 's2' }]);
  });

  it('leaves out a block the writer does not know, any block without a writer, and malformed references', () => {
    const doc = {
      object: 'document',
      nodes: [
        reusable('rc-unknown'),
        { object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ text: 'kept' }] }] },
        { object: 'block', type: 'reusable-content', data: { ref: { kind: 'page', page: 'p1' } } },
        { object: 'block', type: 'reusable-content', data: {} },
      ],
    };
    expect(documentToMarkdown(doc, { writeInclude })).toBe('kept\n');
    expect(documentToMarkdown({ object: 'document', nodes: [reusable('rc-feature')] })).toBe('');
  });

  it('leaves out a block whose path no include line can hold', () => {
    expect(documentToMarkdown({ object: 'document', nodes: [reusable('rc-feature')] }, { writeInclude: () => 'a"b\'c.md' })).toBe('');
  });

  it('writes includes kept in a hint, a list item and a quote where they stand, and they read back there', () => {
    const markdown = [
      '{% hint style="info" %}',
      '{% include "../../.gitbook/includes/feature-request.md" %}',
      '{% endhint %}',
      '',
      '- item',
      '',
      '  {% include "../../.gitbook/includes/support-footer.md" %}',
      '',
      '> {% include "../../.gitbook/includes/feature-request.md" %}',
      '',
    ].join('\n');
    const doc = markdownToDocument(markdown, { resolveInclude, keepStructure: true });
    expect(documentToMarkdown(doc, { writeInclude })).toBe(markdown);
  });
});
