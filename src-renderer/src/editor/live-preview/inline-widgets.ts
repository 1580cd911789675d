import { type EditorView, WidgetType } from '@codemirror/view';
import { mathHtml } from '../../../../src-shared/gitbook-markdown/html/math';
import { assetName } from '../markdown-preview';
import { livePreviewOptions } from './options';

/** Small widgets drawn inside lines in place of markdown: bullets, task boxes, rules, images, code labels. */

export class BulletWidget extends WidgetType {
  override eq(other: WidgetType): boolean {
    return other instanceof BulletWidget;
  }

  override toDOM(): HTMLElement {
    const bullet = document.createElement('span');
    bullet.className = 'cm-lp-bullet';
    bullet.setAttribute('aria-hidden', 'true');
    bullet.textContent = '•';
    return bullet;
  }
}

/** A task's `[ ]` / `[x]`: ticking it rewrites the character between the brackets. */
export class CheckboxWidget extends WidgetType {
  constructor(readonly checked: boolean) {
    super();
  }

  override eq(other: WidgetType): boolean {
    return other instanceof CheckboxWidget && other.checked === this.checked;
  }

  override toDOM(view: EditorView): HTMLElement {
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.className = 'cm-lp-task';
    box.checked = this.checked;
    box.setAttribute('aria-label', this.checked ? 'Done task' : 'Open task');
    // Keep the editor's selection where it is: the click is the only thing that edits.
    box.addEventListener('mousedown', (event) => event.preventDefault());
    box.addEventListener('click', (event) => {
      event.preventDefault();
      if (view.state.readOnly) return;
      const at = view.posAtDOM(box) + 1;
      view.dispatch({ changes: { from: at, to: at + 1, insert: this.checked ? ' ' : 'x' }, userEvent: 'input' });
    });
    return box;
  }

  override ignoreEvent(): boolean {
    return true;
  }
}

export class RuleWidget extends WidgetType {
  override eq(other: WidgetType): boolean {
    return other instanceof RuleWidget;
  }

  override toDOM(): HTMLElement {
    const rule = document.createElement('span');
    rule.className = 'cm-lp-rule';
    rule.setAttribute('role', 'separator');
    return rule;
  }
}

/**
 * An image written `![alt](src)`, shown as the image: a file of the space through its blob: URL (as the
 * preview loads them), a data: or blob: URL as it is; a remote image (the app's CSP refuses it) as its
 * alternative text. Clicking it puts the cursor on its line, which shows the markdown.
 */
export class ImageWidget extends WidgetType {
  constructor(
    readonly src: string,
    readonly alt: string,
  ) {
    super();
  }

  override eq(other: WidgetType): boolean {
    return other instanceof ImageWidget && other.src === this.src && other.alt === this.alt;
  }

  override toDOM(view: EditorView): HTMLElement {
    const name = assetName(this.src);
    if (!name && !/^(data:image\/|blob:)/i.test(this.src)) {
      const label = document.createElement('span');
      label.className = 'cm-lp-image-remote';
      label.textContent = `Image${this.alt ? `: ${this.alt}` : ''} (${this.src})`;
      return label;
    }
    const image = document.createElement('img');
    image.className = 'cm-lp-image';
    image.alt = this.alt;
    if (name) {
      const imageUrl = view.state.facet(livePreviewOptions).imageUrl;
      void imageUrl?.(name).then((url) => {
        if (url) image.src = url;
        else image.classList.add('cm-lp-image--missing');
      });
    } else {
      image.src = this.src;
    }
    return image;
  }

  override get estimatedHeight(): number {
    return 200;
  }

  override ignoreEvent(): boolean {
    return false;
  }
}

/** The label above a code block: its title (from `{% code title %}`) and its language. */
export class CodeHeaderWidget extends WidgetType {
  constructor(
    readonly language: string,
    readonly title: string,
  ) {
    super();
  }

  override eq(other: WidgetType): boolean {
    return other instanceof CodeHeaderWidget && other.language === this.language && other.title === this.title;
  }

  override toDOM(): HTMLElement {
    const header = document.createElement('span');
    header.className = 'cm-lp-code-header';
    if (this.title) {
      const title = document.createElement('span');
      title.className = 'cm-lp-code-title';
      title.textContent = this.title;
      header.append(title);
    }
    if (this.language) {
      const language = document.createElement('span');
      language.className = 'cm-lp-code-language';
      language.textContent = this.language;
      header.append(language);
    }
    return header;
  }

  override ignoreEvent(): boolean {
    return false;
  }
}

/** A formula inside a line (`$$…$$` in text), typeset by KaTeX as the site does (MathML). */
export class InlineMathWidget extends WidgetType {
  constructor(readonly formula: string) {
    super();
  }

  override eq(other: WidgetType): boolean {
    return other instanceof InlineMathWidget && other.formula === this.formula;
  }

  override toDOM(): HTMLElement {
    const span = document.createElement('span');
    span.className = 'cm-lp-math';
    const template = document.createElement('template');
    // mathHtml escapes what it cannot typeset and lets KaTeX emit MathML only (trust off).
    template.innerHTML = mathHtml(this.formula, false);
    span.append(template.content);
    return span;
  }

  override ignoreEvent(): boolean {
    return false;
  }
}
