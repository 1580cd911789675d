import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../src-renderer/src/editor/markdown-preview';
import { operationBodyHtml as operationHtml } from '../../../src-shared/openapi/operation-html';
import type { OpenAPIOperation } from '../../../src-renderer/src/components/openapi/openapi-model';

const BLOCK = ['{% openapi-operation spec="petstore" path="/pets/{id}" method="GET" %}', '[OpenAPI petstore](https://example.com/openapi.json)', '{% endopenapi-operation %}'];

describe('OpenAPI blocks in the preview', () => {
  it('renders a tag pair as a card naming its operation, in place of its lines', () => {
    const html = renderMarkdown(['Intro', '', ...BLOCK, '', 'After'].join('\n'));
    expect(html).toContain('<section class="openapi-operation openapi-operation--loading" data-openapi-spec="petstore" data-openapi-path="/pets/{id}" data-openapi-method="get" aria-label="GET /pets/{id}">');
    expect(html).not.toContain('OpenAPI petstore');
    expect(html).toContain('<p>After</p>');
  });

  it('leaves the tags as text inside code, without a closing tag, or without a method', () => {
    expect(renderMarkdown(['```', ...BLOCK, '```'].join('\n'))).not.toContain('<section');
    expect(renderMarkdown(BLOCK[0]!)).not.toContain('<section');
    expect(renderMarkdown(['{% openapi-operation spec="petstore" path="/pets" %}', BLOCK[2]].join('\n'))).not.toContain('<section');
  });

  it('writes the operation as the site preview does, escaping what the spec says', () => {
    const operation = {
      spec: 'petstore',
      version: 'v1',
      path: '/pets',
      method: 'post',
      summary: 'Add a <pet>',
      deprecated: true,
      tags: [],
      parameters: [{ name: 'tags', in: 'query', required: true, schema: { type: 'array', items: { type: 'string' } } }],
      requestBody: { required: false, content: { 'application/json': {} } },
      responses: [{ status: '201', description: 'Created', content: {} }],
      servers: [],
    } as OpenAPIOperation;
    const html = operationHtml(operation);
    expect(html).toContain('<span class="openapi-method openapi-method-post">POST</span>');
    expect(html).toContain('<span class="openapi-deprecated">Deprecated</span>');
    expect(html).toContain('<p class="openapi-summary">Add a &lt;pet&gt;</p>');
    expect(html).toContain('<td><code>tags</code></td><td>query</td><td>array of string</td><td>Yes</td>');
    expect(html).toContain('<h4>Request body (optional)</h4>');
    expect(html).toContain('<li><strong>201</strong> Created</li>');
  });
});
