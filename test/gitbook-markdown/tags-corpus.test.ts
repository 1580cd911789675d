import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS, REPOSITORIES, markdownFiles, proseLeaves } from '../support/gitbook-corpus';
import { splitFrontMatter } from '../../src-main/import/front-matter';
import { markdownToDocument } from '../../src-shared/gitbook-markdown/markdown-to-document';
import { documentToMarkdown } from '../../src-shared/gitbook-markdown/to-markdown';

/**
 * Whole corpus pages are converted without the spec check: ajv's nested `oneOf` makes validating a
 * long GitBook page take minutes. Every block kind these pages use is spec-checked in the block tests
 * (tags.test.ts, gitbook-html.test.ts), and the /v1 tests check served documents.
 */
const convert = (markdown: string) => markdownToDocument(markdown);

const count = (text: string, part: string) => text.split(part).length - 1;

describe('GitBook tags in the Git Sync corpus', () => {
  for (const repository of REPOSITORIES) {
    it(`converts every page of ${repository} with no template tag left as text`, { timeout: 120_000 }, () => {
      const files = markdownFiles(join(CORPUS, repository));
      expect(files.length).toBeGreaterThan(100);
      const leftovers: string[] = [];
      const blocks = new Map<string, number>();
      for (const file of files) {
        const { body } = splitFrontMatter(readFileSync(file, 'utf8'));
        const doc = convert(body);
        // `\{%` is GitBook's escape for a literal `{%`: those, and only those, are text.
        const escaped = count(body, '\\{%');
        const literal = proseLeaves(doc.nodes).reduce((sum, text) => sum + count(text, '{%'), 0);
        if (literal !== escaped) leftovers.push(`${relative(CORPUS, file)}: ${literal} "{%" in text, ${escaped} written escaped`);
        const walk = (nodes: unknown[]): void =>
          nodes.forEach((n) => {
            const node = n as { type?: string; nodes?: unknown[]; fragments?: Array<{ nodes: unknown[] }> };
            if (node.type) blocks.set(node.type, (blocks.get(node.type) ?? 0) + 1);
            walk(node.nodes ?? []);
            (node.fragments ?? []).forEach((f) => walk(f.nodes));
          });
        walk(doc.nodes);
      }
      expect(leftovers).toEqual([]);
      // The GitBook blocks each repository uses (README.md of the corpus counts them) were read as blocks.
      const expected =
        repository === REPOSITORIES[0]
          ? { hint: 245, tabs: 22, 'tabs-item': 44, 'content-ref': 2, swagger: 21, 'openapi-operation': 8, expandable: 57, integration: 2 }
          : { hint: 134, tabs: 1, 'tabs-item': 2, math: 1 };
      for (const [type, n] of Object.entries(expected)) expect([type, blocks.get(type) ?? 0]).toEqual([type, n]);
    });
  }

  it('writes the documents of tag-heavy pages back to markdown that reads as the same document', { timeout: 120_000 }, () => {
    const samples = [
      'MirrorNetworking-MirrorDocs/community-guides/gitbook-guide.md',
      'MirrorNetworking-MirrorDocs/community-guides/unity-canvas-hud-guide.md',
      'BeefreeSDK-beefree-sdk-docs/builder-addons/addons/partner-addons/ai-writing-assistant/README.md',
      'BeefreeSDK-beefree-sdk-docs/apis/content-services-api/convert.md',
    ];
    const withoutKeys = (doc: unknown) => JSON.stringify(doc, (key, value) => (key === 'key' ? undefined : value));
    for (const sample of samples) {
      const doc = convert(splitFrontMatter(readFileSync(join(CORPUS, sample), 'utf8')).body);
      expect(withoutKeys(convert(documentToMarkdown(doc))), sample).toBe(withoutKeys(doc));
    }
  });
});
