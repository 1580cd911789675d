import { describe, expect, it } from 'vitest';
import { embeddableImage } from '../../src-main/pdf/images';
import { renderPdf, type ImageResolver, type PdfPage } from '../../src-main/pdf/render';
import { toWinAnsi } from '../../src-main/pdf/winansi';
import { pngImage } from '../support/images';
import { JPEG_48x32, png, readPdf, rgbaPng } from './support';

const GUIDE = `# Getting started

Folio is a **desktop-first** host with *italic*, \`inline code\`, ~~struck~~ text and a [link to GitBook](https://www.gitbook.com/docs).

## Install the app

1. Download the installer
2. Run \`npm ci\`
   - nested bullet alpha
   - nested bullet beta
3. Start it

- [ ] an open task
- [x] a finished task

### Configure

\`\`\`ts
function hello(name: string): string {
  return \`Hello \${name}\`;
}
\`\`\`

> A quoted remark.

{% hint style="warning" %}
Back up the data folder first.
{% endhint %}

| Setting | Default |
| --- | --- |
| port | 5740 |
| host | 127.0.0.1 |

---

![A grey square](.gitbook/assets/square.png)

<figure><img src=".gitbook/assets/photo.jpg" alt="photo"><figcaption><p>A photo caption</p></figcaption></figure>

![An animation](.gitbook/assets/anim.gif)

#### Deep heading

The end.
`;

const LONG = Array.from({ length: 150 }, (_, i) => `Paragraph number ${i + 1}. ${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(4)}`).join('\n\n');

const FILES: Record<string, { bytes: Uint8Array; contentType: string }> = {
  'square.png': { bytes: pngImage(120, 120), contentType: 'image/png' },
  'photo.jpg': { bytes: JPEG_48x32, contentType: 'image/jpeg' },
  'anim.gif': { bytes: Buffer.from('GIF89a'), contentType: 'image/gif' },
  'alpha.png': { bytes: rgbaPng(40, 20), contentType: 'image/png' },
  'corrupt-alpha.png': { bytes: rgbaPng(40, 20, { filter: 9 }), contentType: 'image/png' },
  'garbage.png': { bytes: Buffer.from('\x89PNG\r\n\x1a\nnot really a png at all'), contentType: 'image/png' },
};
const resolve: ImageResolver = (url) => FILES[/\.gitbook\/assets\/(.+)$/.exec(url)?.[1] ?? ''];

describe('renderPdf', () => {
  it('prints every construct of a page, one PDF page or more per content page', async () => {
    const pages: PdfPage[] = [
      { title: 'Getting started', markdown: GUIDE, depth: 0, description: 'First steps with Folio' },
      { title: 'Reference', markdown: LONG, depth: 0 },
      { title: 'Ports', markdown: 'Port **5740**.', depth: 1 },
    ];
    const pdf = await readPdf(await renderPdf(pages, resolve, { title: 'Folio handbook' }));

    expect(pdf.title).toBe('Folio handbook');
    // Each content page starts a PDF page with its title; the long one spans several.
    const starts = pages.map((page) => pdf.pages.findIndex((text) => text.startsWith(page.title)));
    expect(starts[0]).toBe(0);
    expect(starts[1]).toBeGreaterThan(starts[0]!);
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(3);
    expect(pdf.pageCount).toBe(starts[2]! + 1);
    expect(pdf.outline).toEqual([
      { title: 'Getting started', items: [] },
      { title: 'Reference', items: [{ title: 'Ports', items: [] }] },
    ]);

    const guide = pdf.pages.slice(0, starts[1]).join('\n').replace(/\s+/g, ' ');
    expect(guide).toContain('First steps with Folio');
    // The markdown's own "# Getting started" repeats the title and is printed once.
    expect(guide.match(/Getting started/g)).toHaveLength(1);
    for (const text of [
      'Install the app',
      'Configure',
      'Deep heading',
      'desktop-first',
      'inline code',
      'link to GitBook',
      'www.gitbook.com/docs)',
      'Download the installer',
      'Run npm ci',
      'nested bullet alpha',
      'nested bullet beta',
      '1. Download the installer',
      '3. Start it',
      'an open task',
      'a finished task',
      'function hello(name: string): string {',
      'return `Hello ${name}`;',
      'A quoted remark.',
      'Back up the data folder first.',
      'Setting Default',
      'port 5740',
      'host 127.0.0.1',
      'A photo caption',
      '[Image: An animation]',
      'The end.',
    ]) {
      expect(guide, text).toContain(text);
    }
    expect(guide).not.toContain('{% hint');
    expect(pdf.links[0]).toEqual(['https://www.gitbook.com/docs']);
    // The PNG and the JPEG are embedded; the GIF is shown as its alt text.
    expect(pdf.images.slice(0, starts[1]).reduce((a, b) => a + b, 0)).toBe(2);
    expect(pdf.pages[starts[1]!]).toContain('Paragraph number 1.');
    expect(pdf.pages.join('\n')).toContain('Paragraph number 150.');
  });

  it('embeds a transparent PNG and shows broken or unknown images as their alt text', async () => {
    const markdown = [
      '![alpha](.gitbook/assets/alpha.png)',
      '![corrupt](.gitbook/assets/corrupt-alpha.png)',
      '![garbage](.gitbook/assets/garbage.png)',
      '![](https://example.com/remote.png)',
      '![nowhere](.gitbook/assets/missing.png)',
    ].join('\n\n');
    const pdf = await readPdf(await renderPdf([{ title: 'Images', markdown, depth: 0 }], resolve, { title: 'Images' }));
    expect(pdf.images[0]).toBe(1);
    for (const alt of ['[Image: corrupt]', '[Image: garbage]', '[Image: remote.png]', '[Image: nowhere]']) expect(pdf.pages[0]).toContain(alt);
  });

  it('never throws on odd markdown', async () => {
    const odd = [
      '{% endhint %}',
      '{% tabs %}\n{% tab title="Windows" %}\nRun the installer.\n{% endtab %}\n{% endtabs %}',
      '{% embed url="https://example.com/video" %}',
      '{% unknown thing %}',
      `${'> '.repeat(60)}deep quote`,
      Array.from({ length: 40 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n'),
      `| ${Array.from({ length: 30 }, (_, i) => `c${i}`).join(' | ')} |\n| ${Array.from({ length: 30 }, () => '---').join(' | ')} |\n| ${'x '.repeat(400)} |`,
      '<div><p>raw <b>html</b> &amp; entities</p></div>',
      '<!-- a comment -->',
      '🚀🚀🚀',
      'Ελληνικά, 中文, עברית',
      '[ref link][r]\n\n[r]: https://example.com',
      '`' + 'x'.repeat(3000) + '`',
      '```\n' + 'y'.repeat(5000) + '\n```',
      '- [ ]\n- [x]',
      '1.\n2.',
      '<img src="">',
      '![]()',
      '| a |\n| - |',
      '{% hint style="danger" %}\nnever closed',
    ].join('\n\n');
    const bytes = await renderPdf(
      [
        { title: '', markdown: odd, depth: 0 },
        { title: 'Group', markdown: '', depth: -3, section: true },
        { title: 'Child 🚀', markdown: '\u0000\u0007 control characters', depth: 9 },
      ],
      () => {
        throw new Error('resolver failure');
      },
      { title: 'Odd' },
    );
    const pdf = await readPdf(bytes);
    const text = pdf.pages.join('\n').replace(/\s+/g, ' ');
    for (const expected of ['Windows', 'Run the installer.', 'https://example.com/video', 'deep quote', 'level 39', 'raw html & entities', 'ref link', 'control characters', 'GROUP', 'Child']) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('{% tab');
    expect(text).not.toContain('a comment');
    // Hint tags without a partner are printed as written.
    expect(text).toContain('{% endhint %}');
    expect(text).toContain('{% hint style="danger" %} never closed');
  });

  it('prints an empty document when there are no pages', async () => {
    const pdf = await readPdf(await renderPdf([], undefined, { title: 'Nothing here' }));
    expect(pdf.pageCount).toBe(1);
    expect(pdf.pages[0]).toContain('Nothing here');
  });
});

describe('embeddableImage', () => {
  it('lets through PNGs and JPEGs PDFKit can embed, judged by their bytes', () => {
    expect(embeddableImage(pngImage(3, 3))).toBe('png');
    expect(embeddableImage(rgbaPng(5, 4))).toBe('png');
    expect(embeddableImage(rgbaPng(9, 9, { interlaced: false }))).toBe('png');
    expect(embeddableImage(JPEG_48x32)).toBe('jpeg');
    expect(embeddableImage(Buffer.from('GIF89a....'))).toBeUndefined();
    expect(embeddableImage(Buffer.from('<svg/>'))).toBeUndefined();
  });

  it('refuses PNGs that would fail inside PDFKit', () => {
    expect(embeddableImage(rgbaPng(5, 4, { filter: 7 }))).toBeUndefined();
    expect(embeddableImage(rgbaPng(5, 4).subarray(0, 40))).toBeUndefined();
    const header = Buffer.alloc(13);
    header.writeUInt32BE(4, 0);
    header.writeUInt32BE(4, 4);
    header.set([8, 2, 0, 0, 0], 8);
    // Data that does not inflate, then data too short for the image.
    expect(embeddableImage(png(header, Buffer.from('nonsense')))).toBeUndefined();
    expect(embeddableImage(png(header, Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])))).toBeUndefined();
    // Indexed colour without a palette; a bit depth the colour type does not allow.
    header.set([8, 3], 8);
    expect(embeddableImage(png(header, Buffer.alloc(0)))).toBeUndefined();
    header.set([4, 6], 8);
    expect(embeddableImage(png(header, Buffer.alloc(0)))).toBeUndefined();
  });
});

describe('text for the standard fonts', () => {
  it('keeps WinAnsi text, spells out look-alikes and drops what cannot be drawn', () => {
    expect(toWinAnsi('Café “quoted” – €5 … •')).toBe('Café “quoted” – €5 … •');
    expect(toWinAnsi('a → b ≥ c')).toBe('a -> b >= c');
    expect(toWinAnsi('Dvořák ﬁle')).toBe('Dvorák file');
    expect(toWinAnsi('ship it 🚀!')).toBe('ship it !');
    expect(toWinAnsi('日本')).toBe('??');
    expect(toWinAnsi('a\tb', { code: true })).toBe('a    b');
    expect(toWinAnsi('zero\u200bwidth\u0007')).toBe('zerowidth');
  });
});
