import { describe, expect, it } from 'vitest';
import type { Block, JSONDocument } from '../../src-shared/gitbook-markdown/types';
import { renderPdf, type ImageResolver, type PdfReferences } from '../../src-main/pdf/render';
import { MARK_COLORS } from '../../src-main/pdf/theme';
import { pngImage } from '../support/images';
import { colored, doc, fragment, p, positionsInOrder, text, voidBlock } from './documents';
import { readPdf } from './support';

async function print(document: JSONDocument | string, options: { resolve?: ImageResolver; references?: PdfReferences } = {}) {
  const page = typeof document === 'string' ? { title: 'Page', markdown: document, depth: 0 } : { title: 'Page', markdown: '', document, depth: 0 };
  const pdf = await readPdf(await renderPdf([page], options.resolve, { title: 'Blocks', ...(options.references ? { references: options.references } : {}) }));
  return { pdf, text: pdf.pages.join('\n').replace(/\s+/g, ' ') };
}

/** Checks that every part is in the text, each after the one before. */
function expectInOrder(text: string, parts: readonly string[]) {
  const positions = positionsInOrder(text, parts);
  expect(Object.fromEntries(parts.map((part, i) => [part, positions[i]! >= 0])), text).toEqual(Object.fromEntries(parts.map((part) => [part, true])));
}

describe('PDF of a document: text blocks', () => {
  it('prints marks as fonts and colours, and links as links with their URL', async () => {
    const { pdf, text: printed } = await print(
      doc(
        p(text('Bold', 'bold'), ' and ', text('italic', 'italic'), ' and ', text('npm ci', 'code'), ' and ', text('gone', 'strikethrough'), ' and ', text('Ctrl+C', 'keyboard'), '.'),
        p('Colours: ', colored('a red word', 'red'), ' then a ', { object: 'inline', type: 'link', key: 'l', isVoid: false, data: { ref: { kind: 'url', url: 'https://example.com/docs' } }, nodes: [text('site')] }, '.'),
      ),
    );
    expectInOrder(printed, ['Bold and italic and npm ci and gone and Ctrl+C.', 'Colours: a red word then a site (https://example.com/docs).']);
    expect(pdf.links[0]).toEqual(['https://example.com/docs']);
    expect(pdf.fills[0]!.has(MARK_COLORS.red!)).toBe(true);
  });

  it('prints headings, lists, task lists, quotes, dividers and hints from markdown in reading order', async () => {
    const markdown = [
      '## Install',
      '1. Download\n2. Run it\n   - nested',
      '- [ ] open task\n- [x] done task',
      '> A remark.',
      '---',
      '{% hint style="danger" %}\nCareful now.\n{% endhint %}',
      'The end.',
    ].join('\n\n');
    const { pdf, text: printed } = await print(markdown);
    expectInOrder(printed, ['Install', '1. Download', '2. Run it', 'nested', 'open task', 'done task', 'A remark.', 'Careful now.', 'The end.']);
    expect(printed).not.toContain('{% hint');
    // The danger hint's colour is its bar and tint.
    expect(pdf.fills[0]!.has('#dc2626')).toBe(true);
  });

  it('prints a code block under its title, its lines numbered when asked', async () => {
    const line = (value: string) => ({ object: 'block' as const, type: 'code-line' as const, key: value, isVoid: false as const, data: {}, nodes: [text(value)] });
    const code: Block = { object: 'block', type: 'code', key: 'c', isVoid: false, data: { syntax: 'ts', title: 'server.ts', lineNumbers: true }, nodes: [line('const port = 5740;'), line('listen(port);')] };
    const { text: printed } = await print(doc(code));
    expectInOrder(printed, ['server.ts', '1', 'const port = 5740;', '2', 'listen(port);']);
  });

  it('prints a figure with its caption, the light image of a dark/light pair, and file images', async () => {
    const asked: string[] = [];
    const resolve: ImageResolver = (url) => {
      asked.push(url);
      return { bytes: pngImage(40, 30), contentType: 'image/png' };
    };
    const references: PdfReferences = { fileImage: (id) => (id === 'file-1' ? { bytes: pngImage(20, 20), contentType: 'image/png' } : undefined), file: (id) => ({ name: `${id}.png` }) };
    const image = (ref: object, extra: object = {}, caption?: string): Block =>
      voidBlock('image', { ref, ...extra }, caption ? [fragment('caption', p(caption))] : []);
    const images: Block = { object: 'block', type: 'images', key: 'i', isVoid: false, data: {}, nodes: [image({ kind: 'url', url: 'light.png' }, { refDark: { kind: 'url', url: 'dark.png' } }, 'Light and dark') as never] };
    const files: Block = { object: 'block', type: 'images', key: 'f', isVoid: false, data: {}, nodes: [image({ kind: 'file', file: 'file-1' }) as never, image({ kind: 'file', file: 'missing' }) as never] };
    const { pdf, text: printed } = await print(doc(images, files), { resolve, references });
    expect(asked).toEqual(['light.png']);
    expect(pdf.images[0]).toBe(2);
    expectInOrder(printed, ['Light and dark', '[Image: missing.png]']);
  });

  it('prints raw HTML the converter kept as text as a browser shows it', async () => {
    const { text: printed } = await print('<div><p>Shown <b>bold</b> &amp; plain</p></div>\n\n<!-- hidden note -->\n\nAfter.');
    expectInOrder(printed, ['Shown bold & plain', 'After.']);
    expect(printed).not.toContain('hidden note');
    expect(printed).not.toContain('<div>');
  });

  it('prints a grid table from markdown, and a table without its header row when hidden', async () => {
    const { text: printed } = await print('| Setting | Default |\n| --- | ---: |\n| port | 5740 |\n| host | 127.0.0.1 |');
    expectInOrder(printed, ['Setting Default', 'port 5740', 'host 127.0.0.1']);

    const hidden: Block = {
      object: 'block',
      type: 'table',
      key: 'g',
      isVoid: true,
      data: {
        view: { type: 'grid', columns: ['k', 'v'], hideHeader: true },
        records: { b: { orderIndex: 'a1', values: { k: 'k2', v: 'v2' } }, a: { orderIndex: 'a0', values: { k: 'k1', v: 'v1' } } },
        definition: { k: { id: 'k', title: 'Key column', type: 'text', textAlignment: 'left' }, v: { id: 'v', title: 'Value column', type: 'text', textAlignment: 'left' } },
      },
      fragments: [fragment('k1', p('first')), fragment('v1', p('one')), fragment('k2', p('second')), fragment('v2', p('two'))],
    };
    const { text: grid } = await print(doc(hidden));
    expectInOrder(grid, ['first one', 'second two']);
    expect(grid).not.toContain('Key column');
  });

  it('prints formulas as their TeX source, inline and as blocks', async () => {
    const inline = { object: 'inline' as const, type: 'inline-math' as const, key: 'm', isVoid: true as const, data: { formula: 'a^2 + b^2' } };
    const { text: printed } = await print(doc(p('Pythagoras: ', inline, '.'), voidBlock('math', { formula: '\\frac{1}{2}mv^2' })));
    expectInOrder(printed, ['Pythagoras: a^2 + b^2.', '\\frac{1}{2}mv^2']);
  });
});
