import { escapeHtml } from '../html';
import type { OperationSummary } from './operation';

/**
 * The HTML of a page's OpenAPI block (`{% openapi-operation spec path method %}`), one builder for the
 * published site (src-main/sites/preview) and the desktop editor's preview: method, path, servers,
 * parameters, request body and responses with their schemas. Every text is escaped; `code` renders a
 * schema's JSON (the site highlights it, the editor shows it plain).
 */
interface OperationHtmlOptions {
  /** The inside of `<code>` for a schema as JSON; escaped plain text by default. */
  code?(json: string): string;
}

/** How much of a schema is shown as JSON: enough to read a body, bounded for a huge one. */
const MAX_SCHEMA_CHARS = 6000;

export function operationHeaderHtml(method: string, path: string, deprecated = false): string {
  return `<header><span class="openapi-method openapi-method-${escapeHtml(method.toLowerCase())}">${escapeHtml(method.toUpperCase())}</span> <code class="openapi-path">${escapeHtml(
    path,
  )}</code>${deprecated ? ' <span class="openapi-deprecated">Deprecated</span>' : ''}</header>`;
}

/** The card's inside (the caller wraps it in its `<section>`). */
export function operationBodyHtml(operation: OperationSummary, options: OperationHtmlOptions = {}): string {
  const parts = [operationHeaderHtml(operation.method, operation.path, operation.deprecated)];
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
    const head = ['Name', 'In', 'Type', 'Required', 'Description'].map((h) => `<th scope="col">${h}</th>`).join('');
    parts.push(`<h4>Parameters</h4><table class="openapi-parameters"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`);
  }
  if (operation.requestBody) {
    const body = operation.requestBody;
    parts.push(`<h4>Request body${body.required ? '' : ' (optional)'}</h4>`);
    if (body.description) parts.push(...paragraphs(body.description));
    parts.push(contentHtml(body.content, options));
  }
  if (operation.responses.length) {
    const responses = operation.responses
      .map((r) => `<li><strong>${escapeHtml(r.status)}</strong>${r.description ? ` ${escapeHtml(r.description)}` : ''}${contentHtml(r.content, options)}</li>`)
      .join('');
    parts.push(`<h4>Responses</h4><ul class="openapi-responses">${responses}</ul>`);
  }
  return parts.join('');
}

/** What a block shows when its spec or operation is not there (not processed yet, or removed). */
export function missingOperationBodyHtml(tag: { spec: string; path: string; method: string }): string {
  return `${operationHeaderHtml(tag.method, tag.path)}<p>This operation is not in the specification “${escapeHtml(tag.spec)}” yet.</p>`;
}

function contentHtml(content: Record<string, { schema?: unknown }>, options: OperationHtmlOptions): string {
  return Object.entries(content)
    .map(([type, { schema }]) => {
      const label = `<p class="openapi-content-type"><code>${escapeHtml(type)}</code></p>`;
      if (schema === undefined) return label;
      let json = JSON.stringify(schema, null, 2);
      if (json.length > MAX_SCHEMA_CHARS) json = `${json.slice(0, MAX_SCHEMA_CHARS)}\n…`;
      return `${label}<pre><code class="hljs language-json">${options.code ? options.code(json) : escapeHtml(json)}</code></pre>`;
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
