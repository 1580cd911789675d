import { describe, expect, it } from 'vitest';
import { renderPageMarkdown } from '../../../src-main/sites/preview/markdown';

const links = {
  fileUrl: (name: string) => `/sites/s1/~files/ss1/${encodeURIComponent(name)}`,
  operation: (tag: { spec: string; path: string; method: string }) => `<section data-op="${tag.method} ${tag.path} ${tag.spec}"></section>`,
};

describe('the site preview markdown renderer', () => {
  it('keeps raw HTML as text, so a page cannot put script in front of visitors', () => {
    const html = renderPageMarkdown('Hi <script>alert(1)</script> <img src=x onerror=alert(1)>', links);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;');
  });

  it('highlights fenced code by its language and leaves unknown languages plain', () => {
    expect(renderPageMarkdown('```python\ndef f(): return 1\n```', links)).toContain('<span class="hljs-keyword">def</span>');
    const plain = renderPageMarkdown('```klingon\nqapla <b>\n```', links);
    expect(plain).not.toContain('hljs');
    expect(plain).toContain('qapla &lt;b&gt;');
  });

  it('names headings as the search does, also after a hint', () => {
    const html = renderPageMarkdown('# Intro\n\n{% hint style="success" %}\n## Inside\n{% endhint %}\n\n## Intro\n', links);
    expect(html).toContain('<h1 id="intro">Intro</h1>');
    expect(html).toContain('<div class="hint hint-success" role="note"><h2 id="inside">Inside</h2>');
    expect(html).toContain('<h2 id="intro-2">Intro</h2>');
  });

  it('leaves hint tags inside code fences alone and shows an unclosed hint as text', () => {
    const fenced = renderPageMarkdown('```\n{% hint style="info" %}\n```\n', links);
    expect(fenced).not.toContain('class="hint');
    expect(fenced).toContain('{% hint style=&quot;info&quot; %}');
    const unclosed = renderPageMarkdown('{% hint style="danger" %}\nNo end', links);
    expect(unclosed).not.toContain('class="hint');
    expect(unclosed).toContain('No end');
  });

  it("points the space's images at the site's file route and keeps web images", () => {
    const html = renderPageMarkdown('![Chart](.gitbook/assets/chart%20one.png) ![Web](https://example.com/a.png)', links);
    expect(html).toContain('src="/sites/s1/~files/ss1/chart%20one.png"');
    expect(html).toContain('src="https://example.com/a.png"');
  });

  it('puts the operation of an OpenAPI block in its place, also right after a paragraph', () => {
    const html = renderPageMarkdown(
      'Intro line\n{% openapi-operation spec="pets" path="/pets/{id}" method="GET" %}\n[Open](https://x)\n{% endopenapi-operation %}\n## After\n',
      links,
    );
    expect(html).toContain('<p>Intro line</p>');
    expect(html).toContain('<section data-op="get /pets/{id} pets"></section>');
    expect(html).toContain('<h2 id="after">After</h2>');
    expect(html).not.toContain('folio-openapi');
  });
});
