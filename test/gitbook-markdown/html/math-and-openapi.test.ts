import { describe, expect, it } from 'vitest';
import { renderDocument } from '../../../src-shared/gitbook-markdown/html/render-document';
import type { Block } from '../../../src-shared/gitbook-markdown/types';
import { doc, expectSafe, key, links, p, render, renderMarkdown } from './support';

const math = (formula: string): Block => ({ object: 'block', type: 'math', key: key(), isVoid: true, data: { formula } });

describe('math as HTML', () => {
  it('renders a formula block as display MathML, with its TeX as the annotation', () => {
    const { root } = render(doc(math('E = mc^2')));
    const mathml = root.querySelector('.math-block math')!;
    expect(mathml.getAttribute('display')).toBe('block');
    expect(mathml.querySelector('msup')).not.toBeNull();
    expect(mathml.querySelector('annotation')!.text).toBe('E = mc^2');
  });

  it('renders inline math inside text', () => {
    const inline = { object: 'inline' as const, type: 'inline-math' as const, key: key(), isVoid: true as const, data: { formula: '\\frac{a}{b}' } };
    const { root } = render(doc(p('ratio ', inline, ' here')));
    expect(root.querySelector('p > .math-inline math mfrac')).not.toBeNull();
    expect(renderMarkdown('Inline $$a^2$$ math').root.querySelector('.math-inline msup')).not.toBeNull();
  });

  it('shows a formula it cannot read as code, and trusts no link or style in TeX', () => {
    const { root, html } = render(doc(math('\\frac{'), math('\\href{javascript:alert(1)}{x}'), math('\\htmlStyle{color:red}{x}')));
    expect(root.querySelector('code.math-error')!.text).toBe('\\frac{');
    expect(root.querySelectorAll('a')).toHaveLength(0);
    expect(html).not.toMatch(/href=|style=/);
    expectSafe(root);
  });
});

describe('OpenAPI blocks as HTML', () => {
  it("puts the host's operation in place of an OpenAPI operation block", () => {
    const block: Block = { object: 'block', type: 'openapi-operation', key: key(), isVoid: true, data: { ref: { kind: 'openapi', spec: 'pets' }, path: '/pets', method: 'get' } };
    const html = renderDocument(doc(block), { ...links, openAPIOperation: (b) => `<section data-op="${b.data.method} ${b.data.path}"></section>` });
    expect(html).toBe('<section data-op="get /pets"></section>');
    expect(renderDocument(doc(block), links)).toContain('<code class="openapi-path">/pets</code>');
  });

  it('names the operation of a swagger block and links its specification file when the host cannot render it', () => {
    const block: Block = { object: 'block', type: 'swagger', key: key(), isVoid: true, data: { ref: { kind: 'file', file: 'f1' }, path: '/pets/{id}', method: 'delete"><x' } };
    const { root } = render(doc(block));
    expect(root.querySelector('.openapi-method')!.text).toBe('DELETE"><X');
    expect(root.querySelector('.openapi-missing a')!.getAttribute('href')).toBe('/files/report.pdf');
    expectSafe(root);
  });
});
