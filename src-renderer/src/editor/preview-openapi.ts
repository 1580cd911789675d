import { escapeHtml } from '../../../src-shared/html';
import { missingOperationBodyHtml, operationBodyHtml, operationHeaderHtml } from '../../../src-shared/openapi/operation-html';
import type { OperationAnswer } from '../components/openapi/openapi-operations';
import type { OpenAPITag } from './openapi-blocks';

/** Where the preview reads the operations of the open space's organization (the OpenAPI store's cache). */
export interface OperationSource {
  load(tag: OpenAPITag): Promise<OperationAnswer>;
  /** The answer at once when it is already loaded, so a preview rendered again does not flicker. */
  peek(tag: OpenAPITag): OperationAnswer | undefined;
}

/** Fills the preview's OpenAPI cards (`section[data-openapi-spec]`, see openapi-blocks.ts) with their operations. */
export function resolveOpenAPIBlocks(container: HTMLElement, source: OperationSource): void {
  for (const card of container.querySelectorAll<HTMLElement>('section[data-openapi-spec]')) {
    if (!card.classList.contains('openapi-operation--loading')) continue;
    const tag = { spec: card.dataset.openapiSpec ?? '', path: card.dataset.openapiPath ?? '', method: card.dataset.openapiMethod ?? '' };
    const known = source.peek(tag);
    if (known) fill(card, tag, known);
    else void source.load(tag).then((answer) => card.isConnected && fill(card, tag, answer));
  }
}

function fill(card: HTMLElement, tag: OpenAPITag, answer: OperationAnswer): void {
  card.classList.remove('openapi-operation--loading');
  if (answer.status === 'error') {
    card.classList.add('openapi-missing');
    card.innerHTML = `${operationHeaderHtml(tag.method, tag.path)}<p>Could not load this operation: ${escapeHtml(answer.message)}</p>`;
  } else if (!answer.operation) {
    card.classList.add('openapi-missing');
    card.innerHTML = missingOperationBodyHtml(tag);
  } else {
    // The same card as the published site's (src-shared/openapi/operation-html.ts), schemas unhighlighted.
    card.innerHTML = operationBodyHtml(answer.operation);
  }
}
