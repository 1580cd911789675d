import { describe, expect, it } from 'vitest';
import { documentToMarkdown } from '../../src-shared/gitbook-markdown/to-markdown';
import type { List, OpenAPIOperationBlock } from '../../src-shared/gitbook-markdown/types';
import { convert, outline } from './support';

const GITBOOK = '{% openapi-operation spec="petstore" path="/pets/{petId}" method="get" %}\n[OpenAPI petstore](https://example.com/petstore.json)\n{% endopenapi-operation %}';

describe('markdownToDocument: OpenAPI operation blocks', () => {
  it("maps GitBook's openapi-operation tags to an openapi-operation block pointing at the spec by slug", () => {
    const doc = convert(`Before\n${GITBOOK}\nAfter\n`);
    expect(outline(doc.nodes)).toEqual([['paragraph', 'Before'], ['openapi-operation', 'petstore get /pets/{petId}'], ['paragraph', 'After']]);
    const block = doc.nodes[1] as OpenAPIOperationBlock;
    expect(block).toEqual({
      object: 'block',
      type: 'openapi-operation',
      key: block.key,
      isVoid: true,
      data: { ref: { kind: 'openapi', spec: 'petstore' }, path: '/pets/{petId}', method: 'get' },
    });
  });

  it('reads single quotes, any attribute order and an upper-case method (written lower-case)', () => {
    const doc = convert("{% openapi-operation method='POST' path='/pets' spec='pets-v2' %}\n{% endopenapi-operation %}\n");
    expect((doc.nodes[0] as OpenAPIOperationBlock).data).toEqual({ ref: { kind: 'openapi', spec: 'pets-v2' }, path: '/pets', method: 'post' });
  });

  it('leaves tags inside code alone, and keeps as text a tag without its partner or without spec, path or method', () => {
    const doc = convert(
      '```md\n{% openapi-operation spec="a" path="/x" method="get" %}\n{% endopenapi-operation %}\n```\n\n{% openapi-operation spec="a" path="/x" %}\n{% endopenapi-operation %}\n\n{% openapi-operation spec="b" path="/y" method="get" %}\n',
    );
    expect(doc.nodes.map((node) => node.type)).toEqual(['code', 'paragraph', 'paragraph']);
    expect(JSON.stringify(doc)).not.toContain('openapi-operation"');
  });

  it('names the operation in a line where GitBook admits no OpenAPI block (a list item)', () => {
    const doc = convert('- step\n\n  {% openapi-operation spec="petstore" path="/pets" method="get" %}\n  {% endopenapi-operation %}\n');
    expect(outline((doc.nodes[0] as List).nodes[0]!.nodes)).toEqual([['paragraph', 'step'], ['paragraph', 'GET /pets (OpenAPI petstore)']]);
  });
});

describe('documentToMarkdown: OpenAPI operation blocks', () => {
  it('writes the GitBook tags, which read back as the same block', () => {
    const markdown = documentToMarkdown(convert(`# API\n\n${GITBOOK}\n`));
    expect(markdown).toBe('# API\n\n{% openapi-operation spec="petstore" path="/pets/{petId}" method="get" %}\n{% endopenapi-operation %}\n');
    expect(outline(convert(markdown).nodes)).toEqual([['heading-1', 'API'], ['openapi-operation', 'petstore get /pets/{petId}']]);
  });

  it("writes a client's block, escaping quotes, and names it in a line inside a quote", () => {
    const block = { object: 'block', type: 'openapi-operation', isVoid: true, data: { ref: { kind: 'openapi', spec: 'odd' }, path: '/a"b', method: 'delete' } };
    const quote = { object: 'block', type: 'blockquote', isVoid: false, data: {}, nodes: [block] };
    const markdown = documentToMarkdown({ object: 'document', data: {}, nodes: [block, quote] });
    expect(markdown).toBe('{% openapi-operation spec="odd" path="/a&quot;b" method="delete" %}\n{% endopenapi-operation %}\n\n> DELETE /a"b (OpenAPI odd)\n');
    expect((convert(markdown).nodes[0] as OpenAPIOperationBlock).data.path).toBe('/a"b');
  });
});
