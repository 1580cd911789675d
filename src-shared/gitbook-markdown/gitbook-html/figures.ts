import type { HTMLElement } from 'node-html-parser';
import type { ConvertContext } from '../context';
import { phrasingPieces } from '../inlines';
import { paragraph } from '../table';
import type { Fragment, ImageBlock, Images } from '../types';
import { nestInlineHtml } from './nest';
import { domPhrasing, elementsOnly, tagOf } from './nodes';

/**
 * GitBook's image blocks as it writes them:
 *
 *     <figure><img src="a.png" alt="Alt" width="375"><figcaption><p>Caption</p></figcaption></figure>
 *     <figure><picture><source srcset="dark.png" media="(prefers-color-scheme: dark)"><img src="light.png" alt=""></picture><figcaption></figcaption></figure>
 *     <div align="left"><figure>…</figure></div>            (aligned)
 *     <div><figure>…</figure> <figure>…</figure></div>      (several images in one block)
 *
 * and an `<img>` on its own. Undefined when the elements are anything else.
 */
export function imagesOf(elements: readonly HTMLElement[], ctx: ConvertContext, attrs: Record<string, string> = {}): Images | undefined {
  const [only] = elements;
  if (elements.length === 1 && only && tagOf(only) === 'div') {
    const inner = elementsOnly(only);
    return inner && inner.length > 0 ? imagesOf(inner, ctx, { ...attrs, ...only.attributes }) : undefined;
  }
  if (elements.length === 0 || !elements.every((element) => ['figure', 'img', 'picture'].includes(tagOf(element)) && sourcesOf(element))) return undefined;
  const key = ctx.key();
  const nodes = elements.map((element) => imageOf(element, ctx));
  return { object: 'block', type: 'images', key, isVoid: false, data: imagesData(attrs), nodes };
}

/** `align` and `data-full-width` of the `<div>` around the figures. */
export function imagesData(attrs: Record<string, string>): Images['data'] {
  const align = attrs.align;
  const fullWidth = attrs['data-full-width'];
  return {
    ...(align === 'left' || align === 'center' || align === 'right' ? { align } : {}),
    ...(fullWidth === 'true' || fullWidth === 'false' ? { fullWidth: fullWidth === 'true' } : {}),
  };
}

/** The `<img>` of a figure or picture, and the dark-mode `<source>` of a picture. */
function sourcesOf(element: HTMLElement): { img: HTMLElement; dark?: HTMLElement } | undefined {
  const tag = tagOf(element);
  if (tag === 'img') return element.attributes.src === undefined ? undefined : { img: element };
  const children = elementsOnly(element) ?? [];
  if (tag === 'picture') {
    const img = children.find((child) => tagOf(child) === 'img');
    const dark = children.find((child) => tagOf(child) === 'source' && /prefers-color-scheme:\s*dark/.test(child.attributes.media ?? ''));
    return img && img.attributes.src !== undefined ? { img, ...(dark ? { dark } : {}) } : undefined;
  }
  if (tag !== 'figure') return undefined;
  const [media, caption, ...rest] = children;
  if (!media || rest.length > 0 || (caption && tagOf(caption) !== 'figcaption') || tagOf(media) === 'figure') return undefined;
  return sourcesOf(media);
}

function imageOf(element: HTMLElement, ctx: ConvertContext): ImageBlock {
  const { img, dark } = sourcesOf(element)!;
  const key = ctx.key();
  const { src = '', alt, width } = img.attributes;
  const length = lengthOf(width);
  const srcset = dark?.attributes.srcset;
  const caption = tagOf(element) === 'figure' ? (elementsOnly(element) ?? []).find((child) => tagOf(child) === 'figcaption') : undefined;
  return {
    object: 'block',
    type: 'image',
    key,
    isVoid: true,
    data: {
      ref: ctx.ref(src, 'image'),
      ...(srcset ? { refDark: ctx.ref(srcset, 'image') } : {}),
      ...(alt ? { alt } : {}),
      ...(length !== undefined ? { width: length } : {}),
    },
    fragments: caption ? captionFragments(caption, ctx) : [],
  };
}

/**
 * An `<img width>` as the spec's Length: pixels as a number (`375`), a percentage as `{ unit: '%', value: 50 }`
 * (`50%`, which GitBook writes for an image resized in its editor); anything else is dropped.
 */
function lengthOf(width: string | undefined): ImageBlock['data']['width'] {
  const text = width?.trim();
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  const percent = /^(\d+(?:\.\d+)?)%$/.exec(text);
  return percent ? { unit: '%', value: Number(percent[1]) } : undefined;
}

/** `<figcaption><p>…</p></figcaption>`: a caption fragment of its paragraphs; none when empty. */
function captionFragments(caption: HTMLElement, ctx: ConvertContext): Fragment[] {
  const children = nestInlineHtml(domPhrasing(caption.childNodes));
  if (children.length === 0) return [];
  const key = ctx.key();
  const paragraphs = children.every((child) => child.type === 'folioHtmlElement' && child.tag === 'p')
    ? children.map((child) => paragraph(ctx.key(), phrasingPieces((child as { children: typeof children }).children, ctx), ctx))
    : [paragraph(ctx.key(), phrasingPieces(children, ctx), ctx)];
  return [{ object: 'fragment', key, fragment: 'caption', nodes: paragraphs }];
}
