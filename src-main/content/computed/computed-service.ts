import { createHash } from 'node:crypto';
import { z } from 'zod';
import { slugify } from '../../../src-shared/gitbook-markdown/headings';
import { markdownToDocument } from '../../../src-shared/gitbook-markdown/markdown-to-document';
import {
  openAPIDependencies,
  openAPIDocumentProps,
  openAPIRevisionProps,
  type ComputedContentInput,
} from '../../../src-shared/schemas/computed-content';
import type { CallContext } from '../../app/context';
import { badRequest } from '../../errors';
import { parseInput } from '../../http/validate';
import { requireSpace } from '../../spaces/access';
import { getSpecBySlug, getVersionContent, latestVersion } from '../../store/openapi-specs';
import { type PageView, presentPageTree } from '../presenter';
import { hasModels, infoMarkdown, modelsMarkdown, operationMarkdown, specOperations, specTags, tagMarkdown } from './openapi-markdown';

type Json = Record<string, any>;

/**
 * Computed content (getComputedDocument, getComputedRevision): content generated from a source rather than
 * written. Folio computes GitBook's built-in OpenAPI source from the organization's stored specifications.
 * The translation source and integrations' sources are computed by a runtime Folio does not have (GitBook's
 * translation service, an integration's code): they are refused with a 400 that says so.
 */
export function computeDocument(ctx: CallContext, spaceId: string, input: ComputedContentInput) {
  const { doc, slug } = openAPISource(ctx, spaceId, input);
  const props = parseInput(z.object({ source: z.object({ props: openAPIDocumentProps }) }), input).source.props;
  let markdown: string;
  if (props.doc === 'models') markdown = modelsMarkdown(doc);
  else if (props.doc === 'info') markdown = infoMarkdown(doc);
  else if (props.doc === 'operation') {
    const method = props.method === 'hook' ? 'post' : props.method;
    const found = specOperations(doc).some((o) => o.path === props.page && o.method === method);
    if (!found) throw badRequest(`source.props: the specification "${slug}" has no operation ${props.method.toUpperCase()} ${props.page}`);
    markdown = operationMarkdown(slug, { path: props.page, method });
  } else {
    if (!specTags(doc).some((t) => t.name === props.page)) throw badRequest(`source.props.page: the specification "${slug}" has no operations tagged "${props.page}"`);
    markdown = tagMarkdown(doc, slug, props.page, props.doc === 'tag');
  }
  return markdownToDocument(markdown);
}

export function computeRevision(ctx: CallContext, spaceId: string, input: ComputedContentInput) {
  const { doc, slug } = openAPISource(ctx, spaceId, input);
  const props = parseInput(z.object({ source: z.object({ props: openAPIRevisionProps }) }), input).source.props;
  const pages = new GeneratedPages(input.seed, ctx.clock.now().toISOString());
  for (const tag of specTags(doc)) {
    if (props.grouping === 'by-operation') {
      const group = pages.add(null, 'group', tag.name, '');
      for (const operation of specOperations(doc).filter((o) => o.tag === tag.name)) pages.add(group, 'document', operation.title, operationMarkdown(slug, operation));
    } else {
      pages.add(null, 'document', tag.name, tagMarkdown(doc, slug, tag.name, true));
    }
  }
  if (props.models && hasModels(doc)) pages.add(null, 'document', 'Models', modelsMarkdown(doc));
  return { pages: presentPageTree(pages.views, ctx, spaceId, (id) => pages.markdown.get(id) ?? ''), files: [], reusableContents: [] };
}

/** The specification a builtin:openapi source names, from the space's organization, in its latest version. */
function openAPISource(ctx: CallContext, spaceId: string, input: ComputedContentInput): { doc: Json; slug: string } {
  const { space } = requireSpace(ctx, spaceId);
  const type = input.source.type;
  if (type === 'builtin:translation') {
    throw badRequest('source.type: translated content is computed by a translation service Folio does not run; translate with POST /v1/orgs/{organizationId}/translations');
  }
  if (/^integration:[^:]+:[^:]+$/.test(type)) {
    throw badRequest(`source.type: "${type}" is computed by its integration's code, and Folio runs no integration runtime`);
  }
  if (type !== 'builtin:openapi') throw badRequest(`source.type: "${type}" is not a computed content source (builtin:openapi, builtin:translation or integration:{app}:{source})`);
  const { spec: dependency } = parseInput(z.object({ source: z.object({ dependencies: openAPIDependencies }) }), input).source.dependencies;
  const slug = dependency.ref.spec;
  const spec = getSpecBySlug(ctx.db, space.organization_id, slug);
  const version = spec && latestVersion(ctx.db, spec);
  const content = version && getVersionContent(ctx.db, spec.id, version.id);
  if (!spec) throw badRequest(`source.dependencies.spec: the organization has no OpenAPI specification "${slug}"`);
  if (!content) throw badRequest(`source.dependencies.spec: the specification "${slug}" has no processed version yet`);
  return { doc: JSON.parse(content) as Json, slug };
}

/** Pages made up for a computed revision: ids derived from the seed (the same seed, the same ids), unique slugs. */
class GeneratedPages {
  readonly views: PageView[] = [];
  readonly markdown = new Map<string, string>();

  constructor(
    private readonly seed: string,
    private readonly now: string,
  ) {}

  add(parent: PageView | null, kind: 'document' | 'group', title: string, markdown: string): PageView {
    const siblings = this.views.filter((v) => v.parent_id === (parent?.page_id ?? null));
    const base = slugify(title) || 'page';
    let slug = base;
    for (let n = 2; siblings.some((s) => s.slug === slug); n += 1) slug = `${base}-${n}`;
    const path = parent ? `${parent.path}/${slug}` : slug;
    const view: PageView = {
      page_id: seededId(this.seed, path),
      parent_id: parent?.page_id ?? null,
      position: siblings.length,
      kind,
      title,
      slug,
      path,
      meta: '{}',
      created_at: this.now,
      updated_at: this.now,
    };
    this.views.push(view);
    if (kind === 'document') this.markdown.set(view.page_id, markdown);
    return view;
  }
}

function seededId(seed: string, key: string): string {
  const digest = createHash('sha256').update(`${seed}\u0000${key}`).digest();
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(digest.subarray(0, 20), (byte) => alphabet[byte % alphabet.length]).join('');
}
