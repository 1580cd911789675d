import hljs from 'highlight.js/lib/common';
import type { OpenAPITag } from '../../content/document/openapi-blocks';
import type { OperationSummary } from '../../openapi/operation';
import { escapeHtml } from './html';

/** How much of a schema is shown as JSON: enough to read a body, bounded for a huge one. */
const MAX_SCHEMA_CHARS = 6000;

/**
 * A page's OpenAPI block (`{% openapi-operation spec path method %}`) on the published site: the operation
 * read from the spec's latest processed version, as reference documentation (method, path, servers,
 * parameters, request body and responses with their schemas).
 */
export function operationHtml(operation: OperationSummary): string {
  const method = operation.method.toUpperCase();
  const parts = [
    `<header><span class="openapi-method openapi-method-${escapeHtml(operation.method)}">${method}</span> <code class="openapi-path">${escapeHtml(operation.path)}</code>${
      operation.deprecated ? ' <span class="openapi-deprecated">Deprecated</span>' : ''
    }</header>`,
  ];
  if (operation.summary) parts.push(`<p class="openapi-summary">${escapeHtml(operation.summary)}</p>`);
  if (operation.description) parts.push(...paragraphs(operation.description));
  if (operation.servers.length) {
    parts.push(`<p class="openapi-servers">Base URL: ${operation.servers.map((url) => `<code>${escapeHtml(url)}</code>`).join(', ')}</p>`);
  }
  if (operation.parameters.length) {
    const rows = operation.parameters
      .map(
        (p) =>
          `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${escapeHtml(typeOf(p.schema))}</td><td>${
            p.required ? 'Yes' : 'No'
          }</td><td>${escapeHtml(p.description ?? '')}</td></tr>`,
      )
      .join('');
    parts.push(`<h4>Parameters</h4><table class="openapi-parameters"><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Required</th><th>Description</th></tr></thead><tbody>${rows}</tbody></table>`);
  }
  if (operation.requestBody) {
    const body = operation.requestBody;
    parts.push(`<h4>Request body${body.required ? '' : ' (optional)'}</h4>`);
    if (body.description) parts.push(...paragraphs(body.description));
    parts.push(contentHtml(body.content));
  }
  if (operation.responses.length) {
    const responses = operation.responses
      .map((r) => `<li><strong>${escapeHtml(r.status)}</strong>${r.description ? ` ${escapeHtml(r.description)}` : ''}${contentHtml(r.content)}</li>`)
      .join('');
    parts.push(`<h4>Responses</h4><ul class="openapi-responses">${responses}</ul>`);
  }
  return `<section class="openapi-operation" aria-label="${escapeHtml(`${method} ${operation.path}`)}">${parts.join('')}</section>`;
}

/** What a page shows for a block whose spec or operation is not there (not processed yet, or removed). */
export function missingOperationHtml(tag: OpenAPITag): string {
  return `<section class="openapi-operation openapi-missing" aria-label="${escapeHtml(`${tag.method.toUpperCase()} ${tag.path}`)}"><header><span class="openapi-method">${escapeHtml(
    tag.method.toUpperCase(),
  )}</span> <code class="openapi-path">${escapeHtml(tag.path)}</code></header><p>This operation is not in the specification “${escapeHtml(tag.spec)}” yet.</p></section>`;
}

function contentHtml(content: Record<string, { schema?: unknown }>): string {
  return Object.entries(content)
    .map(([type, { schema }]) => {
      if (schema === undefined) return `<p class="openapi-content-type"><code>${escapeHtml(type)}</code></p>`;
      let json = JSON.stringify(schema, null, 2);
      if (json.length > MAX_SCHEMA_CHARS) json = `${json.slice(0, MAX_SCHEMA_CHARS)}\n…`;
      return `<p class="openapi-content-type"><code>${escapeHtml(type)}</code></p><pre><code class="hljs language-json">${hljs.highlight(json, { language: 'json' }).value}</code></pre>`;
    })
    .join('');
}

function typeOf(schema: unknown): string {
  if (!schema || typeof schema !== 'object') return '';
  const s = schema as { type?: unknown; format?: unknown; items?: unknown };
  const type = Array.isArray(s.type) ? s.type.join(' | ') : typeof s.type === 'string' ? s.type : '';
  if (type === 'array') return `array of ${typeOf(s.items) || 'any'}`;
  return typeof s.format === 'string' ? `${type} (${s.format})` : type;
}

function paragraphs(text: string): string[] {
  return text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p)}</p>`);
}
