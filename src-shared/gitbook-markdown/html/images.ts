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
  const dark = refDark ? imgHtml(refDark, alt, ctx, `image-dark${size.className}`, size.attribute) : '';
  const light = imgHtml(ref, alt, ctx, `${dark ? 'image-light' : ''}${size.className}`.trim(), size.attribute);
  const caption = captionHtml(image.fragments, ctx);
  const picture = light || (alt ? `<span class="image-missing">${escapeHtml(alt)}</span>` : '');
  return `<figure class="image">${picture}${light ? dark : ''}${caption}</figure>`;
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
 * A width in pixels is the `width` attribute; a percentage is a class (`image-width-50`, by tens), since
 * the CSP allows no inline style.
 */
function widthAttributes(width: number | string | undefined): { attribute: string; className: string } {
  const none = { attribute: '', className: '' };
  if (width === undefined) return none;
  const text = String(width).trim();
  const percent = /^(\d+(?:\.\d+)?)%$/.exec(text);
  if (percent) {
    const tens = Math.min(10, Math.max(1, Math.round(Number(percent[1]) / 10)));
    return { attribute: '', className: ` image-width-${tens * 10}` };
  }
  const pixels = /^(\d+(?:\.\d+)?)(?:px)?$/.exec(text);
  return pixels ? { attribute: ` width="${Math.round(Number(pixels[1]))}"`, className: '' } : none;
}
