import { beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import type { ServiceContext } from '../../src-main/app/context';
import { uploadFile } from '../../src-main/files/service';
import { getUserById } from '../../src-main/store/users';
import { manualClock } from '../support/clock';
import { pngImage } from '../support/images';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { trpcClient } from '../trpc/client';

const clock = manualClock(new Date());
const server = useTestServer({ clock });
let owner: ServiceContext;
beforeAll(() => {
  owner = serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);
});

async function newSpace() {
  const org = await newOrganization(server);
  return { org, id: (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Files' })).body.id as string };
}

describe('space files', () => {
  it('stores an upload, lists it with its dimensions, and serves it at its downloadURL', async () => {
    const { id } = await newSpace();
    const png = pngImage(3, 2);
    const trpc = trpcClient(server.url, server.owner.token);
    const uploaded = await trpc.content.uploadFile.mutate({ spaceId: id, name: 'diagram.png', contentType: 'image/png', data: png.toString('base64') });

    const list = await server.api.get(`/v1/spaces/${id}/content/files`);
    expect(list.body.count).toBe(1);
    const file = await server.api.get(`/v1/spaces/${id}/content/files/${uploaded.fileId}`);
    expect(file.body).toMatchObject({ id: uploaded.fileId, name: 'diagram.png', contentType: 'image/png', size: png.length, dimensions: { width: 3, height: 2 } });

    const download = await fetch(file.body.downloadURL);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await download.arrayBuffer()).equals(png)).toBe(true);
  });

  it('stores identical bytes once', async () => {
    const { id } = await newSpace();
    const bytes = new TextEncoder().encode('same bytes');
    uploadFile(owner, id, { name: 'a.txt', contentType: 'text/plain', bytes });
    uploadFile(owner, id, { name: 'b.txt', contentType: 'text/plain', bytes });
    const blobs = server.app.db.prepare('SELECT COUNT(*) AS n FROM blobs WHERE size = ?').get(bytes.length) as { n: number };
    expect(blobs.n).toBe(1);
    expect((await server.api.get(`/v1/spaces/${id}/content/files`)).body.items.map((f: { name: string }) => f.name)).toEqual(['a.txt', 'b.txt']);
  });

  it('refuses a tampered or expired download link', async () => {
    const { id } = await newSpace();
    const { fileId } = uploadFile(owner, id, { name: 'secret.txt', contentType: 'text/plain', bytes: new TextEncoder().encode('hi') });
    const url = new URL((await server.api.get(`/v1/spaces/${id}/content/files/${fileId}`)).body.downloadURL);

    const retyped = new URL(url);
    retyped.searchParams.set('type', 'text/html');
    expect((await fetch(retyped)).status).toBe(403);
    const unsigned = new URL(url);
    unsigned.searchParams.delete('signature');
    expect((await fetch(unsigned)).status).toBe(403);

    clock.advanceDays(1);
    const expired = await fetch(url);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toMatch(/expired/);
  });

  it('keeps files in revisions and lists a revision files with pagination', async () => {
    const { id } = await newSpace();
    const { revision } = uploadFile(owner, id, { name: 'one.txt', contentType: 'text/plain', bytes: new TextEncoder().encode('1') });
    uploadFile(owner, id, { name: 'two.txt', contentType: 'text/plain', bytes: new TextEncoder().encode('2') });
    const revisionObject = await server.api.get(`/v1/spaces/${id}/revisions/${revision!.id}`);
    expect(revisionObject.body.files.map((f: { name: string }) => f.name)).toEqual(['one.txt']);
    const atFirst = await server.api.get(`/v1/spaces/${id}/revisions/${revision!.id}/files`);
    expect(atFirst.body.items.map((f: { name: string }) => f.name)).toEqual(['one.txt']);
    const now = (await server.api.get(`/v1/spaces/${id}`)).body.revision;
    const paged = await server.api.get(`/v1/spaces/${id}/revisions/${now}/files?limit=1`);
    expect(paged.body).toMatchObject({ count: 2, next: { page: expect.any(String) } });
    const rest = await server.api.get(`/v1/spaces/${id}/revisions/${now}/files?limit=1&page=${paged.body.next.page}`);
    expect(rest.body.items.map((f: { name: string }) => f.name)).toEqual(['two.txt']);
    expect((await server.api.get(`/v1/spaces/${id}/revisions/${now}/files?page=bogus`)).status).toBe(400);
  });

  it('answers 404 for unknown files and to callers who cannot read the space', async () => {
    const { org, id } = await newSpace();
    expect((await server.api.get(`/v1/spaces/${id}/content/files/missing`)).status).toBe(404);
    const reader = await org.member('read');
    const trpc = trpcClient(server.url, reader.token);
    await expect(trpc.content.uploadFile.mutate({ spaceId: id, name: 'x', contentType: 'text/plain', data: 'eA==' })).rejects.toThrow(/"edit" role/);
  });
});
