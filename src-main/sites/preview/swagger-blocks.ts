import { operationInDocument, operationOf, type OperationSummary } from '../../openapi/operation';
import { readBlob, type ContentFileRow } from '../../store/content-files';
import type { Db } from '../../store/database';
import { getSpecBySourceUrl } from '../../store/openapi-specs';
import { operationHtml } from './openapi-html';
import { specFileDocument } from './spec-files';

/** Where a swagger block's specification is: a file of the page's space, or a URL. */
type SwaggerSource = { kind: 'file'; file: ContentFileRow } | { kind: 'url'; url: string };

/**
 * The HTML of a swagger block (`{% openapi src=… path=… method=… %}`) on the published site: the operation
 * read from the space's spec file, or, for a URL, from the organization's spec fetched from that very URL
 * (a page render never fetches). Undefined when the operation cannot be read (the file is too large, does not
 * parse, has no such operation; no spec has that URL): the block then shows its card naming the operation.
 */
export function swaggerOperationHtml(db: Db, organizationId: string, source: SwaggerSource, path: string, method: string): string | undefined {
  let operation: OperationSummary | undefined;
  try {
    if (source.kind === 'file') {
      const { file } = source;
      const document = specFileDocument(file, () => readBlob(db, file.hash));
      operation = document && operationInDocument(document, { spec: file.name, version: file.hash }, path, method);
    } else {
      const spec = getSpecBySourceUrl(db, organizationId, source.url);
      operation = spec && operationOf(db, organizationId, spec.slug, path, method);
    }
    return operation && operationHtml(operation);
  } catch {
    // A spec file is the writer's own, never validated as an org spec is: a shape the operation reader does not
    // expect shows the card, not an error page (and is not logged at every view of the page).
    return undefined;
  }
}
