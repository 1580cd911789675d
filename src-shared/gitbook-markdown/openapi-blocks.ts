/**
 * GitBook writes an OpenAPI operation block (`openapi-operation`, an operation of a specification stored
 * in the organization, named by its slug) in markdown as
 *
 *     {% openapi-operation spec="petstore" path="/pets" method="get" %}
 *     [OpenAPI petstore](https://…the spec's URL…)
 *     {% endopenapi-operation %}
 *
 * The line between the tags is a link for plain-markdown readers; the block is the tag's attributes.
 * The tag is read by the container rule (tags/); this module holds how the block is written back.
 */

export interface OpenAPITag {
  spec: string;
  path: string;
  method: string;
}

const escape = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** The markdown of an OpenAPI operation block, as GitBook writes it (without the link line, whose URL only the server knows). */
export function openAPIBlockMarkdown(tag: OpenAPITag): string[] {
  return [`{% openapi-operation spec="${escape(tag.spec)}" path="${escape(tag.path)}" method="${escape(tag.method)}" %}`, '{% endopenapi-operation %}'];
}

/** How the block reads where GitBook admits none (in a quote, a hint or a list item): a line of text. */
export function openAPIBlockText(tag: OpenAPITag): string {
  return `${tag.method.toUpperCase()} ${tag.path} (OpenAPI ${tag.spec})`;
}
