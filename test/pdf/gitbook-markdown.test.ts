import { describe, expect, it } from 'vitest';
import { renderPdf, type ImageResolver } from '../../src-main/pdf/render';
import { pngImage } from '../support/images';
import { positionsInOrder } from './documents';
import { readPdf } from './support';

/** GitBook's markdown for its blocks, as Git Sync writes it (GitbookIO/git-sync-normalization). */
const MARKDOWN = `# Blocks

{% tabs %}
{% tab title="macOS" %}
Open the disk image.
{% endtab %}

{% tab title="Windows" %}
Run the installer.
{% endtab %}
{% endtabs %}

{% stepper %}
{% step %}
### Download

Get the archive.
{% endstep %}

{% step %}
### Unpack

Open it.
{% endstep %}
{% endstepper %}

<details>

<summary>Advanced options</summary>

Shown expanded on paper.

</details>

{% content-ref url="https://example.com/elsewhere" %}
[Elsewhere](https://example.com/elsewhere)
{% endcontent-ref %}

{% embed url="https://www.youtube.com/watch?v=xyz" %}

$$
E = mc^2
$$

{% code title="hello.sh" lineNumbers="true" %}
\`\`\`bash
echo hello
\`\`\`
{% endcode %}

<figure><picture><source srcset=".gitbook/assets/dark.png" media="(prefers-color-scheme: dark)"><img src=".gitbook/assets/light.png" alt="Diagram"></picture><figcaption><p>The diagram</p></figcaption></figure>

The end.
`;

describe('PDF of GitBook markdown', () => {
  it('prints the blocks GitBook writes as tags, details and figures, in reading order', async () => {
    const asked: string[] = [];
    const resolve: ImageResolver = (url) => {
      asked.push(url);
      return { bytes: pngImage(60, 40), contentType: 'image/png' };
    };
    const pdf = await readPdf(await renderPdf([{ title: 'Blocks', markdown: MARKDOWN, depth: 0 }], resolve, { title: 'Blocks' }));
    const text = pdf.pages.join('\n').replace(/\s+/g, ' ');
    const parts = [
      'macOS',
      'Open the disk image.',
      'Windows',
      'Run the installer.',
      '1',
      'Download',
      'Get the archive.',
      '2',
      'Unpack',
      'Open it.',
      'Advanced options',
      'Shown expanded on paper.',
      '→',
      'youtube.com: https://www.youtube.com/watch?v=xyz',
      'E = mc^2',
      'hello.sh',
      'echo hello',
      'The diagram',
      'The end.',
    ];
    const positions = positionsInOrder(text, parts);
    expect(Object.fromEntries(parts.map((part, i) => [part, positions[i]! >= 0])), text).toEqual(Object.fromEntries(parts.map((part) => [part, true])));
    expect(text).not.toContain('{%');
    expect(text).not.toContain('<summary>');
    expect(pdf.links[0]).toEqual(expect.arrayContaining(['https://example.com/elsewhere', 'https://www.youtube.com/watch?v=xyz']));
    // The light image of the pair, embedded.
    expect(asked).toEqual(['.gitbook/assets/light.png']);
    expect(pdf.images[0]).toBe(1);
  });
});
