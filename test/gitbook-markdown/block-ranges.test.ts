import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockAtOffset, blockWithKey, documentBlockSources } from '../../src-shared/gitbook-markdown/block-ranges';
import { markdownToDocument } from '../../src-shared/gitbook-markdown/markdown-to-document';
import { CORPUS, REPOSITORIES, markdownFiles } from '../support/gitbook-corpus';

const page = [
  '# Setup',
  '',
  'Install the **tool** first.',
  '',
  '- one',
  '- two',
  '',
  '{% hint style="info" %}',
  'Mind the gap.',
  '{% endhint %}',
  '',
  '```js',
  'run();',
  '```',
  '',
].join('\n');

describe('the source ranges of a document’s top-level blocks', () => {
  it('names each block with the key format=document gives it, and the text it is written as', () => {
    const sources = documentBlockSources(page);
    const document = markdownToDocument(page);
    expect(sources.map((s) => s.key)).toEqual(document.nodes.map((n) => n.key));
    expect(sources.map((s) => page.slice(s.from, s.to))).toEqual([
      '# Setup',
      'Install the **tool** first.',
      '- one\n- two',
      '{% hint style="info" %}\nMind the gap.\n{% endhint %}',
      '```js\nrun();\n```',
    ]);
  });

  it('finds the block holding an offset, and a block by its own key or a key inside it', () => {
    const sources = documentBlockSources(page);
    const at = (text: string) => blockAtOffset(sources, page.indexOf(text))?.key;
    expect(at('tool')).toBe(sources[1]!.key);
    expect(at('two')).toBe(sources[2]!.key);
    expect(at('gap')).toBe(sources[3]!.key);
    // A blank line between blocks belongs to the block above.
    expect(blockAtOffset(sources, page.indexOf('\n\n- one') + 1)?.key).toBe(sources[1]!.key);
    const list = markdownToDocument(page).nodes[2] as { nodes: Array<{ key: string }> };
    expect(blockWithKey(sources, list.nodes[1]!.key)?.key).toBe(sources[2]!.key);
    expect(blockWithKey(sources, 'no-such-key')).toBeUndefined();
  });

  it('counts lines written with CRLF as markdown-it does', () => {
    const crlf = 'First line.\r\n\r\nSecond **one**.\r\n';
    expect(documentBlockSources(crlf).map((s) => crlf.slice(s.from, s.to))).toEqual(['First line.', 'Second **one**.']);
  });

  it('gives the keys of format=document for every page of the GitBook corpus', () => {
    for (const repository of REPOSITORIES) {
      for (const file of markdownFiles(join(CORPUS, repository))) {
        const markdown = readFileSync(file, 'utf8');
        const sources = documentBlockSources(markdown);
        expect(sources.map((s) => s.key), file).toEqual(markdownToDocument(markdown).nodes.map((n) => n.key));
        for (const source of sources) expect(source.to, file).toBeGreaterThanOrEqual(source.from);
      }
    }
  });
});
