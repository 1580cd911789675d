import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as Y from 'yjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openApp, serviceContext, type FolioApp } from '../../src-main/app/app';
import { bootstrapOwner } from '../../src-main/app/bootstrap';
import { pushBodyUpdate } from '../../src-main/content/live-service';
import { createPage } from '../../src-main/content/pages-service';
import { changeRequestChanges } from '../../src-main/change-requests/semantic-changes';
import { createChangeRequest } from '../../src-main/change-requests/service';
import { createSpace } from '../../src-main/spaces/service';
import { listOrganizationsOfUser } from '../../src-main/store/orgs';
import { getSpace } from '../../src-main/store/spaces';
import { getLivePage } from '../../src-main/store/content-pages';

const dirs: string[] = [];
const apps: FolioApp[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const app of apps.splice(0)) if (app.db.open) app.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function setup(dir = mkdtempSync(join(tmpdir(), 'folio-live-'))) {
  dirs.push(dir);
  const app = openApp({ dataDir: dir });
  apps.push(app);
  const { owner } = bootstrapOwner(app.db, app.clock);
  const ctx = serviceContext(app, owner);
  return { dir, app, ctx };
}

function typeInto(markdownBefore: string, insert: string) {
  const doc = new Y.Doc();
  doc.getText('markdown').insert(0, markdownBefore);
  const base = Y.encodeStateAsUpdate(doc);
  return { doc, base, edit: () => {
    const sv = Y.encodeStateVector(doc);
    doc.getText('markdown').insert(doc.getText('markdown').length, insert);
    return Y.encodeStateAsUpdate(doc, sv);
  } };
}

describe('live revisions', () => {
  it("are cut before a change request forks main, so typing just before it is the request's base, not its change", () => {
    vi.useFakeTimers();
    const { app, ctx } = setup();
    const orgId = listOrganizationsOfUser(app.db, ctx.user.id, {}).rows[0]!.id;
    const { space } = createSpace(ctx, orgId, { title: 'S' });
    const { pageId } = createPage(ctx, space.id, { title: 'P', markdown: 'Start.' });
    const editor = new Y.Doc();
    Y.applyUpdate(editor, ctx.docs.diff(`body:${space.id}:${pageId}`));
    const sv = Y.encodeStateVector(editor);
    editor.getText('markdown').insert(editor.getText('markdown').length, ' Typed.');
    pushBodyUpdate(ctx, space.id, pageId, Y.encodeStateAsUpdate(editor, sv));
    // The writer has not paused: no revision yet, and the request is opened at once.
    const cr = createChangeRequest(ctx, space.id, 'Right after typing');
    expect(changeRequestChanges(ctx, space.id, cr.id).changes).toEqual([]);
    // The request reads what was typed (its rows are a copy of main's, taken after the keystrokes reached them).
    expect(getLivePage(app.db, cr.id, pageId)?.markdown).toBe('Start. Typed.');
  });

  it('gathers a burst of edits into one revision once the writer pauses', () => {
    vi.useFakeTimers();
    const { app, ctx } = setup();
    const orgId = listOrganizationsOfUser(app.db, ctx.user.id, {}).rows[0]!.id;
    const { space } = createSpace(ctx, orgId, { title: 'S' });
    const { pageId } = createPage(ctx, space.id, { title: 'P' });
    const revisionAfterCreate = getSpace(app.db, space.id)!.revision_id;

    const editor = new Y.Doc();
    Y.applyUpdate(editor, ctx.docs.diff(`body:${space.id}:${pageId}`));
    for (const letter of 'abc') {
      const sv = Y.encodeStateVector(editor);
      editor.getText('markdown').insert(editor.getText('markdown').length, letter);
      pushBodyUpdate(ctx, space.id, pageId, Y.encodeStateAsUpdate(editor, sv));
      vi.advanceTimersByTime(500);
    }
    expect(getSpace(app.db, space.id)!.revision_id).toBe(revisionAfterCreate);
    vi.advanceTimersByTime(2_000);
    const revision = getSpace(app.db, space.id)!.revision_id;
    expect(revision).not.toBe(revisionAfterCreate);
    const count = app.db.prepare('SELECT COUNT(*) AS n FROM revisions WHERE space_id = ?').get(space.id) as { n: number };
    expect(count.n).toBe(3); // the space's first, the page's creation, the burst
  });

  it('gives a revision on start to edits a crash left outside one', () => {
    const { dir, app, ctx } = setup();
    const orgId = listOrganizationsOfUser(app.db, ctx.user.id, {}).rows[0]!.id;
    const { space } = createSpace(ctx, orgId, { title: 'S' });
    const { pageId } = createPage(ctx, space.id, { title: 'P' });
    const { base, edit } = typeInto('', 'typed before the crash');
    pushBodyUpdate(ctx, space.id, pageId, base);
    pushBodyUpdate(ctx, space.id, pageId, edit());
    const before = getSpace(app.db, space.id)!.revision_id;
    app.db.close(); // no flush: as if the process died inside the idle window

    const reopened = openApp({ dataDir: dir });
    apps.push(reopened);
    const after = getSpace(reopened.db, space.id)!.revision_id;
    expect(after).not.toBe(before);
    const page = reopened.db.prepare('SELECT markdown, dirty FROM content_pages WHERE page_id = ?').get(pageId);
    expect(page).toEqual({ markdown: 'typed before the crash', dirty: 0 });
  });
});
