import { describe, expect, it } from 'vitest';
import type { ImageBlock, Images } from '../../../src-shared/gitbook-markdown/types';
import { BLOCK_CSS } from '../../../src-main/sites/preview/block-css';
import { doc, expectSafe, key, p, render, renderMarkdown } from './support';

const image = (data: ImageBlock['data'], caption?: string): ImageBlock => ({
  object: 'block',
  type: 'image',
  key: key(),
  isVoid: true,
  data,
  fragments: caption ? [{ object: 'fragment', key: key(), fragment: 'caption', nodes: [p(caption)] }] : [],
});
const images = (nodes: ImageBlock[], data: Images['data'] = {}): Images => ({ object: 'block', type: 'images', key: key(), isVoid: false, data, nodes });

describe('images as HTML', () => {
  it('renders a figure with its caption, the space file at its address', () => {
    const { html } = render(doc(images([image({ ref: { kind: 'file', file: 'img1' }, alt: 'A "shot"' }, 'The <caption>')])));
    expect(html).toBe('<div class="images"><figure class="image"><img src="/files/shot.png" alt="A &quot;shot&quot;" loading="lazy"><figcaption>The &lt;caption&gt;</figcaption></figure></div>');
  });

  it('pairs a dark variant with the light image, for the stylesheet to pick by theme', () => {
    const { root } = render(doc(images([image({ ref: { kind: 'url', url: 'https://x.test/light.png' }, refDark: { kind: 'url', url: 'https://x.test/dark.png' }, alt: 'Logo' })], { align: 'center' })));
    const imgs = root.querySelectorAll('figure img');
    expect(imgs.map((img) => [img.getAttribute('class'), img.getAttribute('src'), img.getAttribute('alt')])).toEqual([
      ['image-light', 'https://x.test/light.png', 'Logo'],
      ['image-dark', 'https://x.test/dark.png', 'Logo'],
    ]);
    expect(root.querySelector('.images')!.classList.contains('images-center')).toBe(true);
  });

  it('sizes images by attribute for pixels and by class for percentages, never by inline style', () => {
    const { root } = render(doc(images([image({ ref: { kind: 'url', url: '/a.png' }, width: 300 }), image({ ref: { kind: 'url', url: '/b.png' }, width: '50%' })])));
    const [pixels, percent] = root.querySelectorAll('img');
    expect(pixels!.getAttribute('width')).toBe('300');
    expect(percent!.getAttribute('width')).toBeUndefined();
    expect(root.querySelectorAll('figure').map((figure) => figure.getAttribute('class'))).toEqual(['image', 'image image-sized image-width-50']);
    expectSafe(root);
  });

  it("sizes an image by a percentage Length (GitBook's `width=\"50%\"`, read from markdown) with a class", () => {
    const length = render(doc(images([image({ ref: { kind: 'url', url: '/c.png' }, width: { unit: '%', value: 37.4 } })])));
    expect(length.root.querySelector('figure')!.getAttribute('class')).toBe('image image-sized image-width-37');
    const { root, html } = renderMarkdown('<figure><img src="https://x.test/a.png" alt="" width="50%"><figcaption></figcaption></figure>\n');
    expect(root.querySelector('figure')!.getAttribute('class')).toBe('image image-sized image-width-50');
    expect(root.querySelector('img')!.getAttribute('width')).toBeUndefined();
    expect(html).not.toContain('style=');
    expectSafe(root);
    // The class's rule, in the published site's stylesheet.
    expect(BLOCK_CSS).toContain('.markdown .image-width-50 { width: 50%; }');
    expect(BLOCK_CSS).toContain('.markdown .image-width-37 { width: 37%; }');
  });

  it('shows no image for an unsafe or unknown source, only its alt text', () => {
    const { root, html } = render(doc(images([image({ ref: { kind: 'url', url: 'javascript:alert(1)' }, alt: 'bad' }), image({ ref: { kind: 'file', file: 'missing' }, alt: 'gone' })])));
    expect(root.querySelectorAll('img')).toHaveLength(0);
    expect(root.querySelectorAll('.image-missing').map((s) => s.text)).toEqual(['bad', 'gone']);
    expect(html).not.toContain('javascript');
  });

  it('renders figures and inline images written in markdown', () => {
    const figure = renderMarkdown('<figure><img src="https://x.test/a.png" alt="Pic"><figcaption><p>The caption</p></figcaption></figure>\n');
    expect(figure.root.querySelector('figure img')!.getAttribute('src')).toBe('https://x.test/a.png');
    expect(figure.root.querySelector('figcaption')!.text).toBe('The caption');
    const inline = renderMarkdown('Click ![the icon](https://x.test/i.png "Icon") then go.');
    expect(inline.html).toBe('<p>Click <img class="inline-image" src="https://x.test/i.png" alt="the icon" title="Icon" loading="lazy"> then go.</p>');
  });
});
