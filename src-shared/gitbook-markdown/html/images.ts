import type { Fragment, ImageBlock, ImageRef, Images } from '../types';
import type { RenderContext } from './context';
import { escapeHtml, safeImageSrc } from './safe';

/**
 * Images as figures with their captions. An image with a dark variant is two `<img>`: the stylesheet
 * shows one by the reader's theme, as it does the site's logo (the system's choice, or the site's
 * forced theme class, which a `<picture>` media query could not follow).
 */
export function imagesHtml(block: Images, ctx: RenderContext): string {
  const classes = ['images', block.data.align ? `images-${block.data.align}` : '', block.data.fullWidth ? 'full-width' : ''].filter(Boolean).join(' ');
  return `<div class="${classes}">${block.nodes.map((image) => figureHtml(image, ctx)).join('')}</div>`;
}

function figureHtml(image: ImageBlock, ctx: RenderContext): string {
  const { ref, refDark, alt = '', width } = image.data;
  const size = widthAttributes(width);
  const dark = refDark ? imgHtml(refDark, alt, ctx, 'image-dark', size.attribute) : '';
  const light = imgHtml(ref, alt, ctx, dark ? 'image-light' : '', size.attribute);
  const caption = captionHtml(image.fragments, ctx);
  const picture = light || (alt ? `<span class="image-missing">${escapeHtml(alt)}</span>` : '');
  // A percentage sizes the figure (a share of the block's row, its caption beneath), the image filling it.
  return `<figure class="image${size.className}">${picture}${light ? dark : ''}${caption}</figure>`;
}

export function imgHtml(ref: ImageRef, alt: string, ctx: RenderContext, className = '', attributes = ''): string {
  const src = safeImageSrc(ctx.links.href(ref));
  if (src === undefined) return '';
  const classes = className ? ` class="${className}"` : '';
  return `<img${classes} src="${escapeHtml(src)}" alt="${escapeHtml(alt)}"${attributes} loading="lazy">`;
}

/** A caption fragment's paragraphs, as the inside of `<figcaption>` (nothing when it is empty). */
export function captionHtml(fragments: readonly Fragment[] | undefined, ctx: RenderContext): string {
  const caption = fragments?.find((fragment) => fragment.fragment === 'caption') ?? fragments?.[0];
  const html = (caption?.nodes ?? []).map((paragraph) => ctx.inlines(paragraph.nodes)).filter((text) => text !== '').join('<br>');
  return html ? `<figcaption>${html}</figcaption>` : '';
}

/**
 * A width in pixels is the `width` attribute; a percentage (the Length `{ unit: '%', value: 50 }`, or `50%`)
 * is a class of the figure (`image-width-50`, a whole percentage, each with its rule in the site's block
 * stylesheet), since the CSP allows no inline style.
 */
function widthAttributes(width: ImageBlock['data']['width']): { attribute: string; className: string } {
  const none = { attribute: '', className: '' };
  if (width === undefined) return none;
  if (typeof width === 'object') return width.unit === '%' && Number.isFinite(width.value) ? widthAttributes(`${width.value}%`) : none;
  const text = String(width).trim();
  const percent = /^(\d+(?:\.\d+)?)%$/.exec(text);
  if (percent) {
    const whole = Math.min(100, Math.max(1, Math.round(Number(percent[1]))));
    return { attribute: '', className: ` image-sized image-width-${whole}` };
  }
  const pixels = /^(\d+(?:\.\d+)?)(?:px)?$/.exec(text);
  return pixels ? { attribute: ` width="${Math.round(Number(pixels[1]))}"`, className: '' } : none;
}
