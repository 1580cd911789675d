import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/**
 * Validation of every response the tests see against GitBook's OpenAPI spec: 0.137.0 for the
 * operations the API description lists, the newest published spec for the ones it does not.
 */
const require = createRequire(import.meta.url);
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

type Json = Record<string, unknown>;
interface SpecDoc {
  openapi: string;
  paths: Record<string, Record<string, Json>>;
  components: Json;
}

export type SpecName = '0.137.0' | 'latest';

interface LoadedSpec {
  name: SpecName;
  doc: SpecDoc;
  ajv: Ajv;
  templates: Array<{ template: string; regex: RegExp }>;
  cache: Map<string, ValidateFunction>;
}

const specs: Record<SpecName, LoadedSpec> = {
  '0.137.0': load('0.137.0', 'gitbook-api-137/spec/openapi.json'),
  latest: load('latest', '@gitbook/api/spec/openapi.json'),
};

function load(name: SpecName, module: string): LoadedSpec {
  const doc = structuredClone(require(module)) as SpecDoc;
  acceptPageEditedAttributes(doc);
  typePlainObject(doc);
  if (name === 'latest') addFolioExtensions(doc);
  const is30 = doc.openapi.startsWith('3.0');
  const ajv = is30 ? new Ajv({ strict: false, allErrors: true }) : new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv as Ajv);
  // GitBook's own format: a Unicode emoji or code point; spaces without one carry "".
  ajv.addFormat('emoji', true);
  // GitBook's `icon` format: any icon name.
  ajv.addFormat('icon', true);
  const components = is30 ? (convertNullable(doc.components) as Json) : doc.components;
  ajv.addSchema({ $id: 'spec', components }, 'spec');
  const templates = Object.keys(doc.paths).map((template) => ({
    template,
    // A page path spans several segments.
    regex: new RegExp(
      `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{pagePath\}/g, '.+').replace(/\{[^}]+\}/g, '[^/]+')}$`,
    ),
  }));
  return { name, doc, ajv: ajv as Ajv, templates, cache: new Map() };
}

/**
 * `page_edited` attributes are a oneOf of the document, group and link shapes, none of which forbids
 * the others' properties: every object matches all three, so no response could pass. GitBook picks
 * the shape by the page's type; validate them as anyOf (each shape still checks its own fields).
 */
function acceptPageEditedAttributes(doc: SpecDoc): void {
  const schemas = (doc.components.schemas ?? {}) as Record<string, { properties?: Record<string, Json> }>;
  const attributes = schemas.RevisionSemanticChangePageEdited?.properties?.attributes;
  if (attributes?.oneOf) {
    attributes.anyOf = attributes.oneOf;
    delete attributes.oneOf;
  }
}

/**
 * `PlainObject` (visitor claims) is an object whose values are a oneOf of PlainObject, string, boolean,
 * number or array; with no `type: object` on PlainObject, a string matches both PlainObject and string, so
 * no object with a string value could pass. It is an object: say so, and the branches exclude each other.
 */
function typePlainObject(doc: SpecDoc): void {
  const schemas = (doc.components.schemas ?? {}) as Record<string, Json>;
  if (schemas.PlainObject && schemas.PlainObject.type === undefined) schemas.PlainObject.type = 'object';
}

/**
 * Folio's own /v1 operations (docs/folio-extensions.openapi.json), written with the newest spec's components, join
 * its paths so their responses are validated too. An extension may never redefine an operation of GitBook's.
 */
function addFolioExtensions(doc: SpecDoc): void {
  const extensions = require('../../docs/folio-extensions.openapi.json') as { paths: SpecDoc['paths']; components: { schemas: Json } };
  for (const [path, operations] of Object.entries(extensions.paths)) {
    const target = (doc.paths[path] ??= {});
    for (const [method, operation] of Object.entries(operations)) {
      if (target[method]) throw new Error(`docs/folio-extensions.openapi.json redefines GitBook's ${method.toUpperCase()} ${path}`);
      target[method] = operation;
    }
  }
  const schemas = (doc.components.schemas ??= {}) as Json;
  for (const [name, schema] of Object.entries(extensions.components.schemas)) {
    if (schemas[name]) throw new Error(`docs/folio-extensions.openapi.json redefines GitBook's schema ${name}`);
    schemas[name] = schema;
  }
}

/** OpenAPI 3.0's `nullable: true` is not JSON Schema: spell it as a `null` type (and enum member). */
function convertNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(convertNullable);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = convertNullable(value);
  if (out.nullable === true) {
    delete out.nullable;
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  }
  return out;
}

function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `spec${value}` : rewriteRefs(value);
  }
  return out;
}

/** The spec path template (`/orgs/{organizationId}`) of a concrete API path (`/v1/orgs/abc`). */
export function findOperation(method: string, apiPath: string, only?: SpecName) {
  const path = apiPath.replace(/^\/v1(?=\/)/, '').split('?')[0]!;
  const order: SpecName[] = only ? [only] : ['0.137.0', 'latest'];
  for (const name of order) {
    const spec = specs[name];
    // Prefer literal segments over parameters: `/orgs/{id}/members` before `/orgs/{id}/{x}`.
    const matches = spec.templates.filter((t) => t.regex.test(path) && spec.doc.paths[t.template]![method.toLowerCase()]);
    matches.sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0));
    if (matches[0]) return { spec, template: matches[0].template };
  }
  return undefined;
}

/**
 * Throws with the validation errors when the response does not match what the spec documents: every spec that
 * has the operation (0.137.0 and the newest, so an operation both publish satisfies GitBook's old and new
 * clients alike), or only the one named.
 */
export function assertMatchesSpec(method: string, apiPath: string, status: number, body: unknown, only?: SpecName): void {
  const names: SpecName[] = only ? [only] : ['0.137.0', 'latest'];
  const found = names.map((name) => findOperation(method, apiPath, name)).filter((match) => match !== undefined);
  if (!found.length) throw new Error(`${method} ${apiPath} is not an operation of GitBook's spec`);
  for (const { spec, template } of found) assertMatchesOperation(spec, template, method, apiPath, status, body);
}

function assertMatchesOperation(spec: LoadedSpec, template: string, method: string, apiPath: string, status: number, body: unknown): void {
  const operation = spec.doc.paths[template]![method.toLowerCase()] as { responses?: Record<string, Json> };
  const responses = operation.responses ?? {};
  const key = `${method} ${template} ${status}`;
  let validate = spec.cache.get(key);
  if (!validate) {
    const documented = resolveResponse(spec, responses[String(status)]);
    if (!documented && status < 400) {
      throw new Error(`${method} ${template} (${spec.name}) does not document status ${status}; it documents ${Object.keys(responses).join(', ')}`);
    }
    const schema = documented
      ? ((documented.content as Record<string, { schema?: Json }> | undefined)?.['application/json']?.schema ?? null)
      : { $ref: '#/components/schemas/Error' }; // undocumented error statuses still use GitBook's error body
    validate = schema ? spec.ajv.compile(rewriteRefs(schema) as Json) : noBody;
    spec.cache.set(key, validate);
  }
  if (validate === noBody) {
    if (body !== undefined && body !== '') throw new Error(`${method} ${template} ${status} must have no body, got ${JSON.stringify(body)}`);
    return;
  }
  if (!validate(body)) {
    throw new Error(
      `${method} ${apiPath} ${status} does not match GitBook ${spec.name} (${template}):\n` +
        `${spec.ajv.errorsText(validate.errors, { separator: '\n' })}\nbody: ${JSON.stringify(body).slice(0, 2000)}`,
    );
  }
  if (status >= 400) {
    const code = (body as { error?: { code?: unknown } }).error?.code;
    if (code !== status) throw new Error(`error.code ${String(code)} differs from the HTTP status ${status}`);
  }
}

const noBody = (() => true) as unknown as ValidateFunction;

function resolveResponse(spec: LoadedSpec, response: Json | undefined): Json | undefined {
  let current = response;
  while (current && typeof current.$ref === 'string') {
    current = (current.$ref as string)
      .slice(2)
      .split('/')
      .reduce<unknown>((node, part) => (node as Json)[part], spec.doc) as Json;
  }
  return current;
}

/** Throws with the validation errors when a value does not match one of the spec's components.schemas. */
export function assertMatchesSchema(schemaName: string, value: unknown, specName: SpecName = '0.137.0'): void {
  const spec = specs[specName];
  const key = `schema ${schemaName}`;
  let validate = spec.cache.get(key);
  if (!validate) {
    if (!(spec.doc.components.schemas as Json | undefined)?.[schemaName]) throw new Error(`${schemaName} is not a schema of GitBook ${spec.name}`);
    validate = spec.ajv.compile({ $ref: `spec#/components/schemas/${schemaName}` });
    spec.cache.set(key, validate);
  }
  if (!validate(value)) {
    throw new Error(
      `value does not match GitBook ${spec.name} ${schemaName}:\n` +
        `${spec.ajv.errorsText(validate.errors, { separator: '\n' })}\nvalue: ${JSON.stringify(value).slice(0, 2000)}`,
    );
  }
}
