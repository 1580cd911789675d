import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import type { ServiceContext } from '../../src-main/app/context';
import { createChangeRequest, mergeChangeRequest } from '../../src-main/change-requests/service';
import { cutRevision, type TreeRef } from '../../src-main/content/engine';
import { setPageMarkdown } from '../../src-main/content/pages-service';
import { exportTree, flattenTree } from '../../src-main/export/page-tree';
import { exportSpaceRepository } from '../../src-main/export/service';
import { reconcileTreeWithPlan } from '../../src-main/git-sync/reconcile';
import { siblingOrders } from '../../src-main/git-sync/reconcile-pages';
import { importMarkdownTree } from '../../src-main/import/markdown';
import type { ImportPlan } from '../../src-main/import/plan';
import { DEFAULT_LIMITS, readFolder } from '../../src-main/import/source';
import { writeImportPlan } from '../../src-main/import/write-plan';
import { getLivePage, listLivePagesWithoutBodies } from '../../src-main/store/content-pages';
import { allLiveReusables } from '../../src-main/store/content-reusables';
import { listSpaceRedirects } from '../../src-main/store/space-redirects';
import { getUserById } from '../../src-main/store/users';
import { newSpace } from '../export/repository-support';
import { useTestServer } from '../support/server';

const CORPUS = '/work/shared/data/gitbook-corpus';
const MIRROR = join(CORPUS, 'MirrorNetworking-MirrorDocs');
const server = useTestServer();
let owner: ServiceContext;
const temporary: string[] = [];
beforeAll(() => {
  owner = serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);
});
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** A folder read by the real importer, as an import of it would read it. */
async function planOf(folder: string): Promise<ImportPlan> {
  return importMarkdownTree(await readFolder(pathToFileURL(folder), DEFAULT_LIMITS, { bytesLeft: DEFAULT_LIMITS.maxBytes }));
}

/** A new space holding the plan, imported as the app imports a folder. */
async function spaceWith(plan: ImportPlan): Promise<TreeRef> {
  const spaceId = await newSpace(server);
  const tree = { spaceId, treeId: spaceId };
  owner.docs.write((writer) => writeImportPlan(owner, writer, tree, plan, null));
  return tree;
}

const updateCount = () => (server.app.db.prepare('SELECT COUNT(*) AS n FROM yupdates').get() as { n: number }).n;

/** Reconciles in one write and cuts a revision after it, as Git Sync will; tells which documents the write changed. */
function reconcile(tree: TreeRef, plan: ImportPlan, renames?: Map<string, string>) {
  const changedDocs: string[] = [];
  const stop = owner.docs.onCommitted((docIds) => changedDocs.push(...docIds));
  const updatesBefore = updateCount();
  try {
    const { outcome, revision } = owner.docs.write((writer) => {
      const outcome = reconcileTreeWithPlan(owner, writer, tree, plan, renames);
      return { outcome, revision: cutRevision(owner, tree, 'edits', owner.user.id) };
    });
    return { outcome, revision, changedDocs, newUpdates: updateCount() - updatesBefore };
  } finally {
    stop();
  }
}

function exported(spaceId: string): Map<string, string> {
  return new Map(exportSpaceRepository(owner, spaceId).map((file) => [file.path, Buffer.from(file.bytes).toString('base64')]));
}

/** Page ids by repository file, as the export lays the tree out. */
function idsByFile(tree: TreeRef): Map<string, string> {
  const pages = flattenTree(exportTree(listLivePagesWithoutBodies(owner.db, tree.treeId)));
  return new Map(pages.flatMap((page) => (page.file ? [[page.file, page.id] as const] : [])));
}

function copyOf(folder: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'folio-reconcile-'));
  temporary.push(dir);
  cpSync(folder, dir, { recursive: true });
  return dir;
}

describe.each(['MirrorNetworking-MirrorDocs', 'BeefreeSDK-beefree-sdk-docs'])('the GitBook repository %s reconciled with itself', (name) => {
  it('writes nothing: no Yjs update, no revision, the same export and redirects', async () => {
    const plan = await planOf(join(CORPUS, name));
    const tree = await spaceWith(plan);
    const before = exported(tree.spaceId);
    const redirects = listSpaceRedirects(owner.db, tree.spaceId);
    const ids = idsByFile(tree);
    const again = await planOf(join(CORPUS, name));
    const { outcome, revision, changedDocs, newUpdates } = reconcile(tree, again);
    expect(changedDocs).toEqual([]);
    expect(newUpdates).toBe(0);
    expect(revision).toBeNull();
    expect(outcome).toMatchObject({ created: 0, updated: 0, moved: 0, deleted: 0, filesAdded: 0, filesReplaced: 0, filesDeleted: 0, failures: [] });
    expect(outcome.unchanged).toBe(ids.size + countNonDocuments(again.pages));
    expect(exported(tree.spaceId)).toEqual(before);
    expect(listSpaceRedirects(owner.db, tree.spaceId)).toEqual(redirects);
  }, 120_000);
});

function countNonDocuments(pages: ImportPlan['pages']): number {
  return pages.reduce((n, page) => n + ((page.kind ?? 'document') === 'document' ? 0 : 1) + countNonDocuments(page.children), 0);
}

describe('the Mirror repository after commits that edit, rename, move, add and delete pages and change an asset', () => {
  let source: string;
  let tree: TreeRef;
  let idsBefore: Map<string, string>;
  let result: ReturnType<typeof reconcile>;
  let oldPlan: ImportPlan;
  let newPlan: ImportPlan;
  const renames = new Map([
    ['manual/general/tests.md', 'manual/general/testing.md'],
    ['manual/general/deprecations.md', 'manual/general/changelog/deprecations.md'],
  ]);

  beforeAll(async () => {
    oldPlan = await planOf(MIRROR);
    tree = await spaceWith(oldPlan);
    idsBefore = idsByFile(tree);

    source = copyOf(MIRROR);
    const edit = (path: string, change: (text: string) => string) => writeFileSync(join(source, path), change(readFileSync(join(source, path), 'utf8')));
    edit('manual/general/getting-started.md', (text) => text.replace('a simplified, higher level version', 'a short, higher level version'));
    renameSync(join(source, 'manual/general/tests.md'), join(source, 'manual/general/testing.md'));
    renameSync(join(source, 'manual/general/deprecations.md'), join(source, 'manual/general/changelog/deprecations.md'));
    rmSync(join(source, 'manual/general/round-trip-time-rtt.md'));
    writeFileSync(join(source, 'manual/general/new-page.md'), '# New Page\n\nWritten in the repository.\n');
    appendFileSync(join(source, '.gitbook/assets/2021-05-20_16-06-57@2x.png'), Buffer.from([0]));
    edit('SUMMARY.md', (text) => {
      const lines = text.split('\n');
      const take = (entry: string) => lines.splice(lines.findIndex((line) => line.includes(entry)), 1)[0]!;
      const ccu = take('(manual/general/ccu.md)');
      lines.splice(lines.findIndex((line) => line.includes('(manual/general/tcp-and-udp.md)')), 0, ccu);
      const deprecations = take('(manual/general/deprecations.md)').replace('deprecations.md', 'changelog/deprecations.md');
      lines.splice(lines.findIndex((line) => line.includes('2019-change-log.md')) + 1, 0, `  ${deprecations}`);
      take('(manual/general/round-trip-time-rtt.md)');
      lines.splice(lines.findIndex((line) => line.includes('(manual/general/netgraph.md)')) + 1, 0, '  * [New Page](manual/general/new-page.md)');
      return lines.join('\n').replace('(manual/general/tests.md)', '(manual/general/testing.md)');
    });
    newPlan = await planOf(source);
    result = reconcile(tree, newPlan, renames);
  }, 120_000);

  it('exports what a fresh import of the changed repository exports, and the changed files as the repository has them', async () => {
    const fresh = await spaceWith(await planOf(source));
    const after = exported(tree.spaceId);
    expect([...after.keys()]).toEqual([...exported(fresh.spaceId).keys()]);
    expect(after).toEqual(exported(fresh.spaceId));
    for (const path of ['SUMMARY.md', 'manual/general/getting-started.md', 'manual/general/testing.md', 'manual/general/changelog/deprecations.md', 'manual/general/new-page.md', '.gitbook/assets/2021-05-20_16-06-57@2x.png']) {
      expect(after.get(path), path).toBe(readFileSync(join(source, path)).toString('base64'));
    }
    expect(after.has('manual/general/round-trip-time-rtt.md')).toBe(false);
    expect(after.has('manual/general/tests.md')).toBe(false);
  });

  it('keeps the ids of the pages still there, renamed and moved ones included', () => {
    const ids = idsByFile(tree);
    for (const [file, id] of idsBefore) {
      if (file === 'manual/general/round-trip-time-rtt.md') continue;
      expect(ids.get(renames.get(file) ?? file), file).toBe(id);
    }
    expect([...ids.values()]).not.toContain(idsBefore.get('manual/general/round-trip-time-rtt.md'));
    expect(idsBefore.has('manual/general/new-page.md')).toBe(false);
    expect(ids.has('manual/general/new-page.md')).toBe(true);
  });

  it('counts what it did', () => {
    const names = (plan: ImportPlan) => new Set(plan.files.map((file) => file.name));
    const [oldNames, newNames] = [names(oldPlan), names(newPlan)];
    const removedNames = [...oldNames].filter((n) => !newNames.has(n));
    expect(removedNames.length).toBeGreaterThan(0); // the deleted page's picture went with it
    const matched = idsBefore.size - 1 + countNonDocuments(newPlan.pages);
    expect(result.outcome).toEqual({
      created: 1,
      // getting-started's body, tests.md's slug (its file's name)
      updated: 2,
      // CCU (or TCP and UDP) among its siblings, deprecations below the change log
      moved: 2,
      deleted: 1,
      unchanged: matched - 4,
      filesAdded: [...newNames].filter((n) => !oldNames.has(n)).length,
      filesReplaced: 1,
      filesDeleted: removedNames.length,
      failures: [],
      // The Mirror repository has no `.gitbook/includes/`.
      reusables: { created: 0, updated: 0, deleted: 0 },
    });
    expect(result.revision).not.toBeNull();
  });

  it('writes nothing when the same commits are reconciled again', async () => {
    const again = reconcile(tree, await planOf(source), renames);
    expect(again.newUpdates).toBe(0);
    expect(again.revision).toBeNull();
    expect(again.outcome).toMatchObject({ created: 0, updated: 0, moved: 0, deleted: 0, filesAdded: 0, filesReplaced: 0, filesDeleted: 0 });
  });
});

describe('a body reconciled in a change request', () => {
  it('changes only what the repository changed: an edit made meanwhile elsewhere in the body survives the merge', async () => {
    const repository = mkdtempSync(join(tmpdir(), 'folio-reconcile-'));
    temporary.push(repository);
    const page = (first: string, third: string) => `# Guide\n\n${first}\n\nThe middle paragraph stays.\n\n${third}\n`;
    writeFileSync(join(repository, 'README.md'), '# Home\n\nWelcome.\n');
    writeFileSync(join(repository, 'SUMMARY.md'), '# Table of contents\n\n* [Home](README.md)\n* [Guide](guide.md)\n');
    writeFileSync(join(repository, 'guide.md'), page('The first paragraph.', 'The last paragraph.'));
    const tree = await spaceWith(await planOf(repository));
    const guideId = idsByFile(tree).get('guide.md')!;

    // A commit in the repository edits the first paragraph; it is imported as a change request.
    writeFileSync(join(repository, 'guide.md'), page('The first paragraph, edited in git.', 'The last paragraph.'));
    const cr = createChangeRequest(owner, tree.spaceId, 'Sync from git');
    const crTree = { spaceId: tree.spaceId, treeId: cr.id as string };
    const { outcome } = reconcile(crTree, await planOf(repository));
    expect(outcome).toMatchObject({ updated: 1, created: 0, deleted: 0, unchanged: 1 });

    // Meanwhile, the last paragraph is edited in Folio.
    setPageMarkdown(owner, tree.spaceId, guideId, 'The first paragraph.\n\nThe middle paragraph stays.\n\nThe last paragraph, edited in Folio.\n');
    mergeChangeRequest(owner, tree.spaceId, cr.id as string);

    const body = getLivePage(owner.db, tree.spaceId, guideId)?.markdown;
    expect(body).toBe('The first paragraph, edited in git.\n\nThe middle paragraph stays.\n\nThe last paragraph, edited in Folio.\n');
  });
});

describe('redirects reconciled', () => {
  it("become the repository's: a redirect it dropped goes, a new one comes, one kept still leads to its page", async () => {
    const repository = mkdtempSync(join(tmpdir(), 'folio-reconcile-'));
    temporary.push(repository);
    const config = (redirects: string[]) => writeFileSync(join(repository, '.gitbook.yaml'), `redirects:\n${redirects.map((r) => `  ${r}\n`).join('')}`);
    writeFileSync(join(repository, 'README.md'), '# Home\n\nWelcome.\n');
    writeFileSync(join(repository, 'SUMMARY.md'), '# Table of contents\n\n* [Home](README.md)\n* [Guide](guide.md)\n');
    writeFileSync(join(repository, 'guide.md'), '# Guide\n\nSteps.\n');
    config(['old-guide: guide.md', 'older-guide: guide.md']);
    const tree = await spaceWith(await planOf(repository));
    const guideId = idsByFile(tree).get('guide.md')!;
    config(['old-guide: guide.md', 'start: README.md']);
    reconcile(tree, await planOf(repository));
    const redirects = listSpaceRedirects(owner.db, tree.spaceId).map((row) => [row.source, row.page_id]);
    expect(redirects).toEqual([
      ['old-guide', guideId],
      ['start', idsByFile(tree).get('README.md')],
    ]);
  });
});

describe('reusable contents reconciled', () => {
  it("follow the repository's includes: an edited one keeps its id, a new one comes, a removed one goes, and again writes nothing", async () => {
    const repository = mkdtempSync(join(tmpdir(), 'folio-reconcile-'));
    temporary.push(repository);
    const include = (slug: string, title: string, body: string) => {
      mkdirSync(join(repository, '.gitbook/includes'), { recursive: true });
      writeFileSync(join(repository, `.gitbook/includes/${slug}.md`), `---\ntitle: ${title}\n---\n\n${body}`);
    };
    writeFileSync(join(repository, 'README.md'), '# Home\n\n{% include ".gitbook/includes/help.md" %}\n');
    writeFileSync(join(repository, 'SUMMARY.md'), '# Table of contents\n\n* [Home](README.md)\n');
    include('help', 'Help', 'Ask us.\n');
    include('old', 'Old', 'Gone soon.\n');
    const tree = await spaceWith(await planOf(repository));
    const before = allLiveReusables(owner.db, tree.treeId);
    const help = before.find((row) => row.slug === 'help')!;

    include('help', 'Help', 'Ask us anything.\n');
    include('new', 'New', 'Fresh.\n');
    rmSync(join(repository, '.gitbook/includes/old.md'));
    const { outcome } = reconcile(tree, await planOf(repository));
    expect(outcome.reusables).toEqual({ created: 1, updated: 1, deleted: 1 });
    const after = allLiveReusables(owner.db, tree.treeId);
    expect(after.map((row) => row.slug).sort()).toEqual(['help', 'new']);
    expect(after.find((row) => row.slug === 'help')).toMatchObject({ reusable_id: help.reusable_id, markdown: 'Ask us anything.\n' });

    const again = reconcile(tree, await planOf(repository));
    expect(again.outcome.reusables).toEqual({ created: 0, updated: 0, deleted: 0 });
    expect(again.newUpdates).toBe(0);
    expect(again.revision).toBeNull();
  });
});

describe('siblingOrders', () => {
  it('keeps the keys of siblings still in order and gives new keys only to the pages placed among them', () => {
    expect(siblingOrders(['a1', 'a2', 'a3'])).toEqual(['a1', 'a2', 'a3']);
    // a3 moved first: a1 and a2 keep theirs, a3 gets one before a1.
    const moved = siblingOrders(['a3', 'a1', 'a2']);
    expect(moved.slice(1)).toEqual(['a1', 'a2']);
    expect(moved[0]! < 'a1').toBe(true);
    // New pages (undefined) in the middle and at the end, and two siblings with one key (concurrent inserts).
    const mixed = siblingOrders(['a1', undefined, undefined, 'a2', 'a2', undefined]);
    expect(mixed[0]).toBe('a1');
    expect([mixed[3], mixed[4]]).toContain('a2'); // one of the two keeps it, the other gets one beside it
    expect([...mixed].sort()).toEqual(mixed);
    expect(new Set(mixed).size).toBe(mixed.length);
  });
});
