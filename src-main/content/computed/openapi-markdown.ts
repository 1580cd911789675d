import { openAPIBlockMarkdown } from '../../../src-shared/gitbook-markdown/openapi-blocks';

/**
 * The content GitBook computes from an OpenAPI specification, written as the markdown Folio stores pages in
 * (an operation is GitBook's `{% openapi-operation %}` block, which every reader of a page already renders):
 * a tag's page holds its description and its operations' blocks, the info page the API's description, the
 * models page each schema.
 */
type Json = Record<string, any>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
/** Where operations without a tag go, as GitBook's generated navigation names them. */
const UNTAGGED = 'Other';

interface SpecOperation {
  path: string;
  method: string;
  tag: string;
  title: string;
  deprecated: boolean;
}

export function specOperations(doc: Json): SpecOperation[] {
  const out: SpecOperation[] = [];
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const operation = item?.[method] as Json | undefined;
      if (!operation) continue;
      const tag = Array.isArray(operation.tags) && operation.tags.length ? String(operation.tags[0]) : UNTAGGED;
      const title = String(operation.summary ?? operation.operationId ?? `${method.toUpperCase()} ${path}`);
      out.push({ path, method, tag, title, deprecated: operation.deprecated === true });
    }
  }
  return out;
}

/** Tags in the order the spec lists them, then those only operations name. */
export function specTags(doc: Json): Array<{ name: string; description?: string }> {
  const declared = (Array.isArray(doc.tags) ? doc.tags : []) as Json[];
  const tags = declared.map((t) => ({ name: String(t.name), ...(t.description ? { description: String(t.description) } : {}) }));
  for (const { tag } of specOperations(doc)) if (!tags.some((t) => t.name === tag)) tags.push({ name: tag });
  return tags.filter((t) => specOperations(doc).some((o) => o.tag === t.name));
}

export const operationMarkdown = (spec: string, operation: Pick<SpecOperation, 'path' | 'method'>) =>
  `${openAPIBlockMarkdown({ spec, path: operation.path, method: operation.method }).join('\n')}\n`;

export function tagMarkdown(doc: Json, spec: string, tag: string, withDescription: boolean): string {
  const description = withDescription ? specTags(doc).find((t) => t.name === tag)?.description : undefined;
  const blocks = specOperations(doc)
    .filter((o) => o.tag === tag)
    .map((o) => operationMarkdown(spec, o));
  return [description ? `${description.trim()}\n` : '', ...blocks].filter(Boolean).join('\n');
}

export function infoMarkdown(doc: Json): string {
  const info = (doc.info ?? {}) as Json;
  const lines = [info.description ? `${String(info.description).trim()}\n` : '', info.version ? `Version: \`${String(info.version)}\`\n` : ''];
  return lines.filter(Boolean).join('\n');
}

export function modelsMarkdown(doc: Json): string {
  const schemas = (doc.components?.schemas ?? doc.definitions ?? {}) as Record<string, unknown>;
  return Object.entries(schemas)
    .map(([name, schema]) => `## ${name}\n\n\`\`\`json\n${JSON.stringify(schema, null, 2)}\n\`\`\`\n`)
    .join('\n');
}

export const hasModels = (doc: Json) => Object.keys((doc.components?.schemas ?? doc.definitions ?? {}) as object).length > 0;
