import { type EditorView, WidgetType } from '@codemirror/view';
import type { HintStyle, JSONDocument } from '../../../../src-shared/gitbook-markdown/types';
import { assetName } from '../markdown-preview';
import { resolvePreviewImages } from '../preview-images';
import { cursorInside, HINT_STYLES, hintStyleChange } from './block-actions';
import { followIncludes, includeCard, type IncludedDocuments, stopFollowingIncludes } from './include-widget';
import { hasIncludes } from './includes';
import { linkTextsOf, widgetHtml, widgetType } from './block-html';
import { livePreviewOptions } from './options';

let widgetCount = 0;

/** Controls the reader uses inside a widget (tabs, expandables, the style switcher): the browser handles them. */
const INTERACTIVE = 'input, label, select, option, summary, button';

/**
 * A GitBook block drawn as itself, in place of its markdown while the selection is elsewhere. Two widgets
 * of the same markdown are equal, so typing elsewhere keeps the drawn DOM (and the tab a writer chose).
 * A click on the block (not on one of its controls) puts the cursor inside: the source shows, to edit.
 */
export class BlockWidget extends WidgetType {
  constructor(
    readonly source: string,
    readonly doc: JSONDocument,
  ) {
    super();
  }

  get type(): string {
    return widgetType(this.doc);
  }

  override eq(other: WidgetType): boolean {
    return other instanceof BlockWidget && other.source === this.source;
  }

  override get estimatedHeight(): number {
    return this.type === 'math' ? 60 : 120;
  }

  override ignoreEvent(): boolean {
    // The widget's own controls take every event; clicks elsewhere are handled in toDOM.
    return true;
  }

  override toDOM(view: EditorView): HTMLElement {
    const options = view.state.facet(livePreviewOptions);
    const wrapper = document.createElement('div');
    wrapper.className = `cm-lp-widget cm-lp-widget--${this.type} markdown`;
    wrapper.dataset.blockType = this.type;
    const linkTexts = this.type === 'content-ref' ? linkTextsOf(this.source) : undefined;
    const idPrefix = `lp${(widgetCount += 1)}-`;
    const draw = (reusableContent?: IncludedDocuments) => {
      const html = widgetHtml(this.doc, { idPrefix, pageTitle: options.pageTitle, linkTexts, reusableContent });
      wrapper.replaceChildren(this.type === 'reusable-content' ? includeCard(this.doc, options.reusableContents, contentOf(html)) : contentOf(html));
      if (this.type === 'hint') decorateHint(wrapper, view, this.doc);
      resolvePreviewImages(wrapper, options.imageUrl ?? (() => Promise.resolve(undefined)));
    };
    // Blocks placing reusable contents redraw when what those show arrives or changes (include-widget.ts).
    if (options.reusableContents && hasIncludes(this.doc)) followIncludes(wrapper, view, options.reusableContents, draw);
    else draw();
    wrapper.addEventListener('mousedown', (event) => this.onMouseDown(event, view, wrapper));
    wrapper.addEventListener('click', (event) => followLink(event));
    return wrapper;
  }

  override destroy(dom: HTMLElement): void {
    stopFollowingIncludes(dom);
  }

  private onMouseDown(event: MouseEvent, view: EditorView, wrapper: HTMLElement): void {
    const target = event.target as HTMLElement;
    if (event.button !== 0 || target.closest(INTERACTIVE)) return;
    event.preventDefault();
    const from = view.posAtDOM(wrapper);
    const at = cursorInside(view.state, from, from + this.source.length);
    view.dispatch({ selection: { anchor: at }, scrollIntoView: true });
    view.focus();
  }
}

/**
 * The renderer's HTML as nodes, parsed in an inert template so nothing loads before the images are
 * pointed at the space's files: `.gitbook/assets/` images get a blob: URL (preview-images.ts); remote
 * images, which the app's CSP refuses, become a link naming them, as in the preview.
 */
function contentOf(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const image of template.content.querySelectorAll('img')) {
    const src = image.getAttribute('src') ?? '';
    const name = assetName(src);
    if (name) {
      image.removeAttribute('src');
      image.dataset.assetName = name;
    } else if (!/^(data:image\/|blob:)/i.test(src)) {
      const link = document.createElement('a');
      link.href = src;
      link.className = 'markdown-preview__remote-image';
      link.textContent = `Image not shown in the editor${image.alt ? `: ${image.alt}` : ''}`;
      image.replaceWith(link);
    }
  }
  return template.content;
}

/** Links in a widget open outside the app when they are web links, and never navigate the editor away. */
function followLink(event: MouseEvent): void {
  const link = (event.target as HTMLElement).closest('a');
  if (!link) return;
  event.preventDefault();
  const href = link.getAttribute('href') ?? '';
  if (/^https?:/i.test(href)) window.open(href, '_blank', 'noopener,noreferrer');
}

const STYLE_NAMES: Record<HintStyle, string> = { info: 'Info', success: 'Success', warning: 'Warning', danger: 'Danger' };

/** A hint is a callout named by its style, with a switcher that rewrites `style="…"` in the text. */
function decorateHint(wrapper: HTMLElement, view: EditorView, doc: JSONDocument): void {
  const hint = doc.nodes[0];
  const style = hint?.type === 'hint' ? hint.data.style : 'info';
  wrapper.querySelector('.hint')?.setAttribute('aria-label', `${STYLE_NAMES[style] ?? 'Info'} hint`);
  const select = document.createElement('select');
  select.className = 'cm-lp-hint-style';
  select.setAttribute('aria-label', 'Hint style');
  for (const option of HINT_STYLES) select.add(new Option(STYLE_NAMES[option], option, false, option === style));
  select.addEventListener('change', () => {
    const spec = hintStyleChange(view.state, view.posAtDOM(wrapper), select.value as HintStyle);
    if (spec && !view.state.readOnly) view.dispatch(spec);
    else select.value = style;
  });
  wrapper.prepend(select);
}
