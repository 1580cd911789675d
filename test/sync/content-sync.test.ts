import { describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import { createPage, deletePage, setPageMarkdown } from '../../src-main/content/pages-service';
import { currentPage } from '../../src-main/content/read-service';
import { type Host, startHost } from '../../src-main/http/server';
import { createSpace } from '../../src-main/spaces/service';
import { insertMember } from '../../src-main/store/members';
import { docRefusals } from '../../src-main/store/sync-docs';
import { generateToken, insertToken } from '../../src-main/store/tokens';
import { findOrCreateUser, getUserById } from '../../src-main/store/users';
import { SyncClient } from '../../src-main/sync/client';
import { uploadFile } from '../../src-main/files/service';
import { readBlob } from '../../src-main/store/content-files';
import { exchangeBlobs } from '../../src-main/sync/blobs-service';
import { pngImage } from '../support/images';
import { useReplicas } from '../support/replicas';

const { openReplica: openStore, cleanup } = useReplicas();

type Store = ReturnType<typeof openStore>;

async function setup() {
  const server = openStore('server', 'owner@team.example');
  const host: Host = await startHost(server.app, { port: 0 });
  cleanup.push(() => host.close());
  const { space } = createSpace(server.ctx, server.orgId, { title: 'Docs' }) as unknown as { space: { id: string } };
  const { pageId } = createPage(server.ctx, space.id, { title: 'Install', markdown: 'Install the app.\n' });
  const workstation = (name: string, token = server.token) => {
    const store = openStore(name, `${name}@laptop.local`);
    const client = new SyncClient(store.app, { url: host.url, token }, { minBackoffMs: 20, maxBackoffMs: 200 });
    cleanup.push(() => client.stop());
    /** Edits on the workstation as the server's user (whose row arrived by sync). */
    const as = () => serviceContext(store.app, getUserById(store.app.db, server.owner.id)!);
    return { ...store, client, as };
  };
  return { server, host, space, pageId, workstation };
}

/** A page's markdown as a replica's read model has it (read as a user who can see the space there). */
const markdownOf = (reader: { ctx: Store['ctx'] } | { as(): Store['ctx'] }, spaceId: string, pageId: string) =>
  currentPage('as' in reader ? reader.as() : reader.ctx, spaceId, pageId)?.markdown;

describe('content sync (Yjs)', () => {
  it('brings a space’s pages and their text to a fresh workstation, and a new page back to the server', async () => {
    const { server, space, pageId, workstation } = await setup();
    const a = workstation('alpha');
    await a.client.syncOnce();
    expect(markdownOf(a, space.id, pageId)).toBe('Install the app.\n');

    const { pageId: made } = createPage(a.as(), space.id, { title: 'Written offline', markdown: 'Drafted on a plane.\n' });
    await a.client.syncOnce();
    expect(markdownOf(server, space.id, made)).toBe('Drafted on a plane.\n');
    expect(currentPage(server.ctx, space.id, made)?.title).toBe('Written offline');
  });

  it('keeps both writers’ offline edits to the same page, on all three replicas', async () => {
    const { server, space, pageId, workstation } = await setup();
    const a = workstation('alpha');
    const b = workstation('bravo');
    await a.client.syncOnce();
    await b.client.syncOnce();

    setPageMarkdown(a.as(), space.id, pageId, 'Before: check the requirements.\nInstall the app.\n');
    setPageMarkdown(b.as(), space.id, pageId, 'Install the app.\nThen: open it.\n');
    await a.client.syncOnce();
    await b.client.syncOnce();
    await a.client.syncOnce();

    const expected = 'Before: check the requirements.\nInstall the app.\nThen: open it.\n';
    expect(markdownOf(server, space.id, pageId)).toBe(expected);
    expect(markdownOf(a, space.id, pageId)).toBe(expected);
    expect(markdownOf(b, space.id, pageId)).toBe(expected);
  });

  it("refuses a reader's content edits, keeping them with the reason, and returns the workstation's page to the server's text", async () => {
    const { server, space, pageId, workstation } = await setup();
    const now = new Date().toISOString();
    const reader = findOrCreateUser(server.app.db, 'reader@team.example', now, 'Reader');
    insertMember(server.app.db, server.orgId, reader.id, 'read', now);
    const token = generateToken();
    insertToken(server.app.db, reader.id, token, now);
    const r = workstation('reader', token);
    await r.client.syncOnce();

    setPageMarkdown(r.as(), space.id, pageId, 'Vandalised.\n');
    await r.client.syncOnce();
    expect(markdownOf(server, space.id, pageId)).toBe('Install the app.\n');
    const refusals = docRefusals(r.app.db, 10);
    expect(refusals).toEqual([expect.objectContaining({ docId: `body:${space.id}:${pageId}`, reason: expect.stringMatching(/"edit" role/) })]);
    expect(markdownOf(r, space.id, pageId)).toBe('Install the app.\n');
    // Nothing is pushed again: the copy now equals the server's.
    await r.client.syncOnce();
    expect(docRefusals(r.app.db, 10)).toHaveLength(1);
  });

  it("carries files' bytes both ways, checked against their hash", async () => {
    const { server, space, workstation } = await setup();
    const a = workstation('alpha');
    const onServer = pngImage(4, 3);
    const { fileId: serverFile } = uploadFile(server.ctx, space.id, { name: 'diagram.png', contentType: 'image/png', bytes: onServer });
    await a.client.syncOnce();
    const hashOf = (store: Store, fileId: string) =>
      (store.app.db.prepare('SELECT hash FROM content_files WHERE file_id = ? AND tree_id = ?').get(fileId, space.id) as { hash: string }).hash;
    expect(readBlob(a.app.db, hashOf(server, serverFile))).toEqual(Buffer.from(onServer));

    const onWorkstation = pngImage(7, 5);
    const { fileId: localFile } = uploadFile(a.as(), space.id, { name: 'photo.png', contentType: 'image/png', bytes: onWorkstation });
    await a.client.syncOnce();
    expect(readBlob(server.app.db, hashOf(server, localFile))).toEqual(Buffer.from(onWorkstation));
  });

  it('refuses bytes that do not match the hash they are given for, naming the entry', async () => {
    const { server } = await setup();
    const data = Buffer.from('not the file').toString('base64');
    expect(() => exchangeBlobs(server.ctx, { replicaId: 'abc', give: [{ hash: '0'.repeat(64), data }] })).toThrow(/give\[0\]\.data/);
    expect(readBlob(server.app.db, '0'.repeat(64))).toBeUndefined();
  });

  it('exchanges the page open in an editor before the other pages', async () => {
    const { server, host, space, pageId, workstation } = await setup();
    const { pageId: second } = createPage(server.ctx, space.id, { title: 'Second', markdown: 'Two.\n' });
    const { pageId: open } = createPage(server.ctx, space.id, { title: 'Open', markdown: 'Three.\n' });
    const a = workstation('alpha');
    const exchanged: string[][] = [];
    const watching: typeof fetch = async (input, init) => {
      if (String(input).endsWith('/sync/v1/docs')) exchanged.push((JSON.parse(String(init?.body)) as { docs: Array<{ docId: string }> }).docs.map((d) => d.docId));
      return fetch(input, init);
    };
    const client = new SyncClient(a.app, { url: host.url, token: server.token }, {
      fetch: watching,
      focused: () => [`body:${space.id}:${open}`],
    });
    await client.syncOnce();
    const bodies = exchanged.find((docIds) => docIds.some((docId) => docId.startsWith('body:')))!;
    expect(bodies[0]).toBe(`body:${space.id}:${open}`);
    expect(bodies).toEqual(expect.arrayContaining([`body:${space.id}:${pageId}`, `body:${space.id}:${second}`]));
    await client.stop();
  });

  it('exchanges only the documents changed since the last exchange once it is up to date', async () => {
    const { server, host, space, pageId, workstation } = await setup();
    for (let i = 0; i < 5; i += 1) createPage(server.ctx, space.id, { title: `Page ${i}`, markdown: `Body ${i}.\n` });
    const a = workstation('alpha');
    const exchanged: string[] = [];
    const watching: typeof fetch = async (input, init) => {
      if (String(input).endsWith('/sync/v1/docs')) exchanged.push(...(JSON.parse(String(init?.body)) as { docs: Array<{ docId: string }> }).docs.map((d) => d.docId));
      return fetch(input, init);
    };
    const client = new SyncClient(a.app, { url: host.url, token: server.token }, { fetch: watching });
    cleanup.push(() => client.stop());
    await client.syncOnce();
    expect(exchanged.length).toBeGreaterThanOrEqual(7);

    exchanged.length = 0;
    await client.syncOnce();
    expect(exchanged).toEqual([]);

    setPageMarkdown(server.ctx, space.id, pageId, 'Changed on the server.\n');
    await client.syncOnce();
    expect([...new Set(exchanged)]).toEqual([`body:${space.id}:${pageId}`]);
    expect(markdownOf(a, space.id, pageId)).toBe('Changed on the server.\n');

    exchanged.length = 0;
    setPageMarkdown(a.as(), space.id, pageId, 'Changed here.\n');
    await client.syncOnce();
    expect([...new Set(exchanged)]).toEqual([`body:${space.id}:${pageId}`]);
    expect(markdownOf(server, space.id, pageId)).toBe('Changed here.\n');
  });
  // A content change the server commits after the workstation asked what changed, but before its events
  // stream is open, must still reach it (CI once saw a page deleted elsewhere stay on a workstation for good).
  it('hears of content the server changed while the workstation was exchanging, and fetches it', async () => {
    const { server, host, space, workstation } = await setup();
    const a = workstation('alpha');
    await a.client.syncOnce();
    const doomed = createPage(a.as(), space.id, { title: 'Doomed', markdown: 'Soon gone.\n' }).pageId;
    let deleted = false;
    const deletingMidExchange: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!deleted && String(input).endsWith('/sync/v1/docs') && String(init?.body).includes(`"update"`)) {
        // The workstation has just pushed its page; the server's writer deletes it before the round ends.
        deleted = true;
        await response.clone().text();
        deletePage(server.ctx, space.id, doomed);
      }
      return response;
    };
    const client = new SyncClient(a.app, { url: host.url, token: server.token }, { fetch: deletingMidExchange, minBackoffMs: 20, maxBackoffMs: 200 });
    cleanup.push(() => client.stop());
    client.start();

    const deadline = Date.now() + 3_000;
    const has = (ctx: Store['ctx']) => ctx.db.prepare('SELECT 1 FROM content_pages WHERE tree_id = ? AND page_id = ? AND deleted = 0').get(space.id, doomed) !== undefined;
    const settled = () => deleted && client.getStatus().state === 'idle' && !has(a.as());
    while (!settled() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(deleted).toBe(true);
    expect(has(server.ctx)).toBe(false);
    expect(has(a.as())).toBe(false);
  });
});
