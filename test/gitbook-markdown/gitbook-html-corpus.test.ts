import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse as parseHtml } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { CORPUS, REPOSITORIES, markdownFiles, proseLeaves } from '../support/gitbook-corpus';
import { splitFrontMatter } from '../../src-main/import/front-matter';
import { markdownToDocument } from '../../src-shared/gitbook-markdown/markdown-to-document';
import { parseTokens } from '../../src-shared/gitbook-markdown/parse';
import { documentToMarkdown } from '../../src-shared/gitbook-markdown/to-markdown';

const bodyOf = (file: string) => splitFrontMatter(readFileSync(file, 'utf8')).body;

function countNodes(value: unknown, types: readonly string[]): number {
  if (Array.isArray(value)) return value.reduce((sum: number, v) => sum + countNodes(v, types), 0);
  if (!value || typeof value !== 'object') return 0;
  const node = value as Record<string, unknown>;
  return (types.includes(String(node.type)) ? 1 : 0) + countNodes(node.nodes, types) + countNodes(node.fragments, types);
}

/** The images a page shows: markdown images and `<img>` tags in its HTML (code left out). */
function sourceImages(markdown: string): number {
  return parseTokens(markdown).reduce((sum, token) => {
    if (token.type === 'html_block') return sum + parseHtml(token.content).querySelectorAll('img').length;
    const inline = (token.children ?? []).filter((child) => child.type === 'image' || (child.type === 'html_inline' && child.content.toLowerCase().startsWith('<img')));
    return sum + inline.length;
  }, 0);
}

// The tags GitBook writes; any of them in a text leaf would be HTML shown as text.
const GITBOOK_TAG = /<\/?(figure|figcaption|picture|source|img|table|thead|tbody|tr|th|td|mark|a|strong|b|em|i|s|del|code|kbd|sup|sub|br|p|ul|ol|li|div|span|pre)\b/gi;

describe("GitBook's HTML in the Git Sync corpus", () => {
  for (const repository of REPOSITORIES) {
    const files = markdownFiles(join(CORPUS, repository));

    it(`converts every page of ${repository} with no GitBook HTML left as text, every image an image`, { timeout: 120_000 }, () => {
      expect(files.length).toBeGreaterThan(100);
      const leftovers: string[] = [];
      const missing: string[] = [];
      for (const file of files) {
        const body = bodyOf(file);
        // (The blocks' shapes are checked against GitBook's spec in gitbook-html.test.ts; validating
        // every corpus page takes the validator minutes on deeply nested lists.)
        const doc = markdownToDocument(body);
        for (const text of proseLeaves(doc.nodes)) {
          // A tag GitBook itself escaped (`&#x3C;code>`) is text the author wrote: it stays.
          const tags = [...text.matchAll(GITBOOK_TAG)].filter(([tag]) => !body.includes(`&#x3C;${tag.slice(1)}`));
          if (tags.length > 0) leftovers.push(`${relative(CORPUS, file)}: ${text.slice(0, 120)}`);
        }
        const images = countNodes(doc.nodes, ['image', 'inline-image']);
        if (images !== sourceImages(body)) missing.push(`${relative(CORPUS, file)}: ${sourceImages(body)} images, ${images} image nodes`);
      }
      expect(leftovers).toEqual([]);
      expect(missing).toEqual([]);
    });

    it(`writes every figure and HTML table of ${repository} back as GitBook wrote it`, () => {
      const blocks = files.flatMap((file) =>
        parseTokens(bodyOf(file))
          .filter((token) => token.type === 'html_block' && /^<(figure|table|div[^>]*><figure)/.test(token.content))
          .map((token) => token.content.replace(/\n+$/, '')),
      );
      expect(blocks.length).toBeGreaterThan(repository.startsWith('Mirror') ? 40 : 300);
      // GitBook writes some emoji with a variation selector its code point leaves out.
      const differing = blocks.filter((html) => documentToMarkdown(markdownToDocument(html)) !== `${html.replace(/\uFE0F/g, '')}\n`);
      expect(differing).toEqual([]);
    });
  }
});
