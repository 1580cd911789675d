import katex from 'katex';
import { escapeHtml } from './safe';

/**
 * TeX as MathML, rendered here (KaTeX, `output: 'mathml'`): browsers lay MathML out themselves, so the
 * page needs no script, fonts or stylesheet for it. `trust: false` keeps `\href`, `\htmlStyle` and the
 * like out, and a formula KaTeX cannot read is shown as its source (KaTeX's own error rendering uses
 * an inline style, which the site's CSP refuses).
 */
export function mathHtml(formula: string, display: boolean): string {
  const kind = display ? 'math-block' : 'math-inline';
  try {
    const html = katex.renderToString(formula, { output: 'mathml', displayMode: display, throwOnError: true, trust: false, strict: 'ignore', maxExpand: 1000, maxSize: 20 });
    return display ? `<div class="${kind}">${html}</div>` : `<span class="${kind}">${html}</span>`;
  } catch {
    const code = `<code class="math-error" title="This formula could not be read">${escapeHtml(formula)}</code>`;
    return display ? `<div class="${kind}">${code}</div>` : code;
  }
}
