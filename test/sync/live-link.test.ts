import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as Y from 'yjs';
import { afterEach, describe, expect, it } from 'vitest';
import { openApp, serviceContext, type FolioApp } from '../../src-main/app/app';
import { bootstrapOwner } from '../../src-main/app/bootstrap';
import { bodyDocId, bodyText } from '../../src-main/content/engine';
import { bodyState, pushBodyUpdate } from '../../src-main/content/live-service';
import { createPage } from '../../src-main/content/pages-service';
import { type Host, startHost } from '../../src-main/http/server';
import { createSpace } from '../../src-main/spaces/service';
import { listOrganizationsOfUser } from '../../src-main/store/orgs';
import { generateToken } from '../../src-main/store/tokens';
import { getUserById } from '../../src-main/store/users';
import { SyncClient } from '../../src-main/sync/client';
import { FrameKind } from '../../src-shared/live/protocol';
import { liveClient } from '../support/live-client';

// The workstation's live link (docs/live.md): pages open in an editor on two workstations exchange
// keystrokes and presence through the team server's live channel, not the HTTP exchange.

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempApp(name: string): FolioApp {
  const dir = mkdtempSync(join(tmpdir(), `folio-live-${name}-`));
  const app = openApp({ dataDir: dir, config: { allowPrivateNetwork: true } });
  cleanups.push(() => {
    if (app.db.open) app.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return app;
}

async function host(app: FolioApp): Promise<Host> {
  const started = await startHost(app, { port: 0 });
  cleanups.push(() => started.close());
  return started;
}

const waitFor = async (check: () => boolean, what: string) => {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

async function teamWithTwoWorkstations() {
  const server = tempApp('server');
  const token = generateToken();
  const { owner } = bootstrapOwner(server.db, server.clock, { adminToken: token });
  const ctx = serviceContext(server, owner);
  const orgId = listOrganizationsOfUser(server.db, owner.id, {}).rows[0]!.id;
  const { space } = createSpace(ctx, orgId, { title: 'Team' });
  const { pageId } = createPage(ctx, space.id, { title: 'Shared', markdown: 'Shared.' });
  const serverHost = await host(server);
  const docId = bodyDocId(space.id, pageId);

  const workstation = async (name: string) => {
    const app = tempApp(name);
    bootstrapOwner(app.db, app.clock, { adminToken: generateToken(), ownerEmail: `${name}@laptop.local` });
    const calls: string[] = [];
    const counted: typeof fetch = (input, init) => {
      calls.push(new URL(String(input)).pathname);
      return fetch(input, init);
    };
    const client = new SyncClient(app, { url: serverHost.url, token }, { fetch: counted });
    cleanups.push(() => client.stop());
    await client.syncOnce();
    client.followDocuments([docId]);
    client.start();
    await waitFor(() => client.carriesLive(docId) && client.getStatus().state === 'idle', `${name} to open the page live`);
    const as = serviceContext(app, getUserById(app.db, owner.id)!);
    return { app, client, calls, ctx: as, host: await host(app) };
  };
  return { server, token, spaceId: space.id, pageId, docId, a: await workstation('a'), b: await workstation('b') };
}

describe('the workstation live link', () => {
  it('carries a keystroke from one workstation to another with the page open, before any HTTP exchange', async () => {
    const team = await teamWithTwoWorkstations();
    const editor = new Y.Doc();
    Y.applyUpdate(editor, bodyState(team.a.ctx, team.spaceId, team.pageId).update);
    const exchangesBefore = team.b.calls.length + team.a.calls.length;
    const before = Y.encodeStateVector(editor);
    bodyText(editor).insert(bodyText(editor).length, ' Typed on A.');
    pushBodyUpdate(team.a.ctx, team.spaceId, team.pageId, Y.encodeStateAsUpdate(editor, before));

    await waitFor(() => bodyText(team.b.app.docs.get(team.docId)).toString() === 'Shared. Typed on A.', 'B to have the keystroke');
    expect(team.b.calls.length + team.a.calls.length).toBe(exchangesBefore);
    expect(bodyText(team.server.docs.get(team.docId)).toString()).toBe('Shared. Typed on A.');
  });

  it('relays presence from an editor on one workstation to the editor on the other, and drops it when it closes', async () => {
    const team = await teamWithTwoWorkstations();
    const editorA = await liveClient(team.a.host.url);
    const editorB = await liveClient(team.b.host.url);
    // The team token works on each workstation too (its account came with the first sync).
    expect((await editorA.auth(team.token)).ok).toBe(true);
    expect((await editorB.auth(team.token)).ok).toBe(true);
    await editorA.open(team.docId);
    await editorB.open(team.docId);

    const arrived = editorB.next((frame) => frame.docId === team.docId && frame.kind === FrameKind.AWARENESS);
    const awareness = editorA.present(team.docId, { user: { name: 'A', color: '#0a0' }, cursor: { anchor: 2, head: 5 } });
    await arrived;
    const seen = [...editorB.presenceOf(team.docId).values()];
    expect(seen).toHaveLength(1);
    expect(seen[0]!.cursor).toEqual({ anchor: 2, head: 5 });

    const gone = editorB.next((frame) => frame.docId === team.docId && frame.kind === FrameKind.AWARENESS);
    editorA.close();
    await gone;
    expect(editorB.presenceOf(team.docId).size).toBe(0);
    awareness.destroy();
    editorB.close();
  });
});
