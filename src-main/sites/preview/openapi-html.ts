import hljs from 'highlight.js/lib/common';
import { escapeHtml } from '../../../src-shared/html';
import { missingOperationBodyHtml, operationBodyHtml } from '../../../src-shared/openapi/operation-html';
import type { OpenAPITag } from '../../../src-shared/gitbook-markdown/openapi-blocks';
import type { OperationSummary } from '../../openapi/operation';

/**
 * A page's OpenAPI block on the published site: the operation read from the spec's latest processed version
 * (the card itself is src-shared/openapi/operation-html.ts, shared with the desktop editor's preview), its
 * schemas highlighted on the server as the site's code blocks are.
 */
export function operationHtml(operation: OperationSummary): string {
  const body = operationBodyHtml(operation, { code: (json) => hljs.highlight(json, { language: 'json' }).value });
  return `<section class="openapi-operation" aria-label="${escapeHtml(`${operation.method.toUpperCase()} ${operation.path}`)}">${body}</section>`;
}

export function missingOperationHtml(tag: OpenAPITag): string {
  return `<section class="openapi-operation openapi-missing" aria-label="${escapeHtml(`${tag.method.toUpperCase()} ${tag.path}`)}">${missingOperationBodyHtml(tag)}</section>`;
}
