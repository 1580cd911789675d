import { posix } from 'node:path';
import type { ServiceContext } from '../app/context';
import { readPages } from '../content/tree-model';
import { treeDocId, type TreeRef } from '../content/engine';
import { badRequest, isFolioError } from '../errors';
import { setRevisionOrigin } from '../store/revisions';
import { assertChangeRequestOpenForEdits, requireChangeRequest, treeOf } from '../change-requests/access';
import { assertSpaceWritable, requireSpace } from '../spaces/access';
import { withoutOversizeImages } from './assets';
import { ImportCancelled } from './cancellation';
import { importDocx } from './docx';
import { htmlToPage } from './html';
import { importMarkdownTree } from './markdown';
import { countPages, type ImportPlan } from './plan';
import { assertDestinationAllowed, NetworkRefusal } from '../net/network-policy';
import { contentTypeOf, DEFAULT_LIMITS, type FetchAccess, fetchResource, isLocalFolder, parseSourceUrl, readFolder, type Fetched, type ImportLimits, type SourceTree } from './source';
import { planOfSingleMarkdown } from './single-markdown';
import { importWebsite } from './website';
import { writeImportPlan } from './write-plan';
import { zipSourceTree } from './zip';

const IMPORT_SOURCES = ['website', 'docx', 'markdown', 'html', 'zip', 'confluence', 'github-wiki', 'notion', 'google-docs'] as const;
type ImportSource = (typeof IMPORT_SOURCES)[number];

const NEEDS_ACCOUNT: Partial<Record<ImportSource, string>> = {
  confluence: 'Confluence',
  'github-wiki': 'GitHub',
  notion: 'Notion',
  'google-docs': 'Google Docs',
};

interface ImportRequest {
  url: string;
  source: ImportSource;
  /** Import under this page; at the root when absent. */
  parentPageId?: string;
  /** Import into this change request's content instead of main content. */
  changeRequestId?: string;
}

interface ImportOptions {
  limits?: Partial<ImportLimits>;
  onProgress?(done: number, found: number): void;
  /**
   * Asked once the source is read, right before the write (nothing runs in between): true stops the import
   * with ImportCancelled and nothing is written. Between pages, `onProgress` may throw it as well.
   */
  isCancelled?(): boolean;
}

export interface ImportOutcome {
  revision: string;
  importedResources: number;
  totalResources: number;
  /** Of the imported resources, the pages and the files (the app's result says both). */
  pages: number;
  files: number;
  failures: string[];
  /** The page the app opens after the import: the first imported document (none if every page is a group or link). */
  firstPageId?: string;
}

/** A file the writer chose in the app (a zip, a .docx, one markdown or HTML file), sent as bytes. */
interface UploadImportRequest extends Omit<ImportRequest, 'url' | 'source'> {
  source: 'zip' | 'docx' | 'markdown' | 'html';
  name: string;
  bytes: Uint8Array;
}

/**
 * Imports content into a live space's main content: reads the source within limits, then writes
 * every page and file in one transaction and one revision. Access is checked before the source is
 * read and again in the write.
 */
export async function importIntoSpace(ctx: ServiceContext, spaceId: string, request: ImportRequest, options: ImportOptions = {}): Promise<ImportOutcome> {
  const account = NEEDS_ACCOUNT[request.source];
  if (account) throw badRequest(`source: importing from ${account} needs a ${account} account, which Folio cannot use; export the content (markdown, HTML, .docx or a zip) and import that`);
  const limits: ImportLimits = { ...DEFAULT_LIMITS, allowFileUrls: ctx.config.allowFileImports, network: ctx.config, ...options.limits };
  const { url, tree } = await checkImportRequest(ctx, spaceId, request, limits);
  const plan = await readSource(url, request.source, limits, options);
  if (options.isCancelled?.()) throw new ImportCancelled();
  return writePlan(ctx, spaceId, request, tree, plan, 'url');
}

/**
 * What an import checks before reading anything (the app calls it before starting a background import):
 * a URL it may read, the caller's right to write there, and a destination the network policy allows,
 * so that a refused address is the request's 400 rather than a failure found later. Resolution errors
 * are left to the read, which reports them as it reports any unreachable source.
 */
export async function checkImportRequest(
  ctx: ServiceContext,
  spaceId: string,
  request: Pick<ImportRequest, 'url' | 'parentPageId' | 'changeRequestId'>,
  limits: ImportLimits = { ...DEFAULT_LIMITS, allowFileUrls: ctx.config.allowFileImports, network: ctx.config },
): Promise<{ url: URL; tree: TreeRef }> {
  const url = parseSourceUrl(request.url, limits);
  const tree = requireWritableTree(ctx, spaceId, request);
  if (url.protocol !== 'file:') await assertDestinationAllowed(url, limits.network, 'url');
  return { url, tree };
}

/**
 * Imports a file sent by the app rather than read from a URL: the same reading and writing as a URL
 * import of the same bytes (the app's file picker, where the file has no URL the host could read).
 */
export async function importUploadIntoSpace(ctx: ServiceContext, spaceId: string, request: UploadImportRequest, options: ImportOptions = {}): Promise<ImportOutcome> {
  const limits: ImportLimits = { ...DEFAULT_LIMITS, allowFileUrls: false, ...options.limits };
  const tree = requireWritableTree(ctx, spaceId, request);
  if (request.bytes.byteLength > limits.maxBytes) throw badRequest(`data: the file is larger than ${limits.maxBytes} bytes`);
  options.onProgress?.(1, 1);
  const fetched: Fetched = { bytes: request.bytes, contentType: contentTypeOf(request.name), url: new URL('upload:') };
  let plan: ImportPlan;
  try {
    plan = await planOfFile(fetched, request.name, request.source, limits);
  } catch (error) {
    // The readers name the source `url`; here it is the uploaded `data`.
    throw isFolioError(error) && error.message.startsWith('url: ') ? badRequest(`data: ${error.message.slice(5)}`) : error;
  }
  return writePlan(ctx, spaceId, request, tree, plan, 'data');
}

/** Writes a plan in one transaction and one revision, marked as an import for the history. */
function writePlan(ctx: ServiceContext, spaceId: string, request: Omit<ImportRequest, 'url'>, tree: TreeRef, read: ImportPlan, field: string): ImportOutcome {
  const plan = withoutOversizeImages(read);
  if (plan.pages.length === 0) {
    throw badRequest(`${field}: no ${request.source} content was found there${plan.failures.length ? ` (${plan.failures[0]})` : ''}`);
  }
  return ctx.docs.write((writer) => {
    requireWritableTree(ctx, spaceId, request);
    const written = writeImportPlan(ctx, writer, tree, plan, request.parentPageId ?? null);
    setRevisionOrigin(ctx.db, written.revision!.id, 'import');
    return {
      revision: written.revision!.id,
      importedResources: written.importedResources,
      totalResources: written.totalResources,
      pages: countPages(plan.pages),
      files: plan.files.length,
      failures: plan.failures,
      ...(written.firstPageId ? { firstPageId: written.firstPageId } : {}),
    };
  });
}

function requireWritableTree(ctx: ServiceContext, spaceId: string, request: Pick<ImportRequest, 'parentPageId' | 'changeRequestId'>): TreeRef {
  const { parentPageId, changeRequestId } = request;
  let tree: TreeRef;
  if (changeRequestId) {
    const { changeRequest } = requireChangeRequest(ctx, spaceId, changeRequestId, 'edit', 'import content into it');
    assertChangeRequestOpenForEdits(changeRequest);
    tree = treeOf(changeRequest);
  } else {
    const { space } = requireSpace(ctx, spaceId, { required: 'edit', action: 'import content into it' });
    assertSpaceWritable(space);
    tree = { spaceId: space.id, treeId: space.id };
  }
  if (parentPageId && !readPages(ctx.docs.get(treeDocId(tree.treeId))).some((p) => p.id === parentPageId)) {
    throw badRequest(`pageId: no page "${parentPageId}" in this space`);
  }
  return tree;
}

async function readSource(url: URL, source: ImportSource, limits: ImportLimits, options: ImportOptions): Promise<ImportPlan> {
  const budget = { bytesLeft: limits.maxBytes, deadline: Date.now() + limits.timeoutMs };
  if (source === 'website') {
    return importWebsite(url, { ...limits, maxPages: Math.min(limits.maxFiles, 500), onProgress: options.onProgress });
  }
  if (await isLocalFolder(url)) {
    if (source !== 'markdown' && source !== 'zip') throw badRequest(`url: a folder can be imported as markdown, not as ${source}`);
    return fromTree(await readFolder(url, limits, budget));
  }
  const fetched = await fetchSource(url, budget, limits);
  options.onProgress?.(1, 1);
  return planOfFile(fetched, posix.basename(url.pathname) || 'import', source, limits);
}

/** One file, fetched or uploaded: a .docx, a zip, an HTML page or a markdown page. */
async function planOfFile(fetched: Fetched, name: string, source: ImportSource, limits: ImportLimits): Promise<ImportPlan> {
  if (source === 'docx') return importDocx(fetched.bytes, name);
  if (source === 'zip' || /zip/i.test(fetched.contentType) || /\.zip$/i.test(name)) return fromTree(zipSourceTree(fetched.bytes, limits));
  const text = new TextDecoder().decode(fetched.bytes);
  if (source === 'html') {
    const page = htmlToPage(text);
    return { pages: [{ title: page.title, markdown: page.markdown, children: [] }], files: [], totalResources: 1, failures: [] };
  }
  return planOfSingleMarkdown(name, text);
}

/** A folder or archive: markdown pages (GitBook's layout), else each HTML file as a page. */
async function fromTree(tree: SourceTree): Promise<ImportPlan> {
  if (tree.paths.some((p) => /\.(md|markdown)$/i.test(p))) return importMarkdownTree(tree);
  const html = tree.paths.filter((p) => /\.html?$/i.test(p)).sort();
  const pages = [];
  for (const path of html) {
    const page = htmlToPage(new TextDecoder().decode(await tree.read(path)));
    pages.push({ title: page.title, slug: posix.basename(path).replace(/\.html?$/i, ''), markdown: page.markdown, children: [] });
  }
  return { pages, files: [], totalResources: html.length, failures: [] };
}

async function fetchSource(url: URL, budget: { bytesLeft: number; deadline: number }, access: FetchAccess) {
  try {
    return await fetchResource(url, budget, access);
  } catch (error) {
    if (error instanceof NetworkRefusal) throw badRequest(`url: ${error.message}`);
    throw badRequest(`url: could not read the source (${(error as Error).message})`);
  }
}
