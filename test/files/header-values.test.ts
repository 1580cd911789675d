import { beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import type { ServiceContext } from '../../src-main/app/context';
import { uploadFile } from '../../src-main/files/service';
import { getUserById } from '../../src-main/store/users';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { spaceWithPages } from '../sites/preview/preview-support';
import { trpcClient, trpcError } from '../trpc/client';

const server = useTestServer();
let owner: ServiceContext;
beforeAll(() => {
  owner = serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);
});

async function stillServing() {
  expect((await server.api.get('/v1/user')).status).toBe(200);
}

async function newSpace() {
  const org = await newOrganization(server);
  return (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Files' })).body.id as string;
}

const text = (value: string) => Buffer.from(value).toString('base64');

describe('file content types sent as headers', () => {
  it.each([
    ['a NUL character', 'text/plain\u0000'],
    ['a character beyond Latin-1', 'image/☃'],
    ['a line break', 'text/plain\r\nX-Injected: yes'],
    ['no subtype', 'text'],
  ])('returns 400 naming the field for an insert_files contentType with %s', async (_what, contentType) => {
    const spaceId = await newSpace();
    const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, {})).body.id as string;
    const res = await server.api.post(`/v1/spaces/${spaceId}/change-requests/${cr}/content`, {
      changes: [{ operation: 'insert_files', files: [{ name: 'notes.txt', contentType, base64: text('hi') }] }],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^changes\.0\.files\.0\.contentType: must be a media type/);
  });

  it('accepts a content type with parameters', async () => {
    const spaceId = await newSpace();
    const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, {})).body.id as string;
    const res = await server.api.post(`/v1/spaces/${spaceId}/change-requests/${cr}/content`, {
      changes: [{ operation: 'insert_files', files: [{ name: 'notes.txt', contentType: 'text/plain; charset="utf-8"', base64: text('hi') }] }],
    });
    expect(res.status).toBe(200);
  });

  it('refuses an app upload whose content type is no media type', async () => {
    const spaceId = await newSpace();
    const trpc = trpcClient(server.url, server.owner.token);
    const error = await trpcError(trpc.content.uploadFile.mutate({ spaceId, name: 'x.txt', contentType: 'text/☃', data: text('x') }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toMatch(/contentType/);
  });

  it.each([
    ['a NUL character', 'text/plain\u0000'],
    ['a snowman', '☃/plain'],
  ])('serves a download stored by an older version with %s in its type as bytes', async (_what, contentType) => {
    const spaceId = await newSpace();
    // As a Folio without the check (or an import, or a replica) would have stored it.
    const { fileId } = uploadFile(owner, spaceId, { name: 'notes.txt', contentType, bytes: new TextEncoder().encode('hello') });
    const file = (await server.api.get(`/v1/spaces/${spaceId}/content/files/${fileId}`)).body;

    const download = await fetch(file.downloadURL);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/octet-stream');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await download.text()).toBe('hello');
    await stillServing();
  });

  it('names a download of any file name, encoded rather than refused', async () => {
    const spaceId = await newSpace();
    const name = 'Résumé "final" ☃ 100%.txt';
    const { fileId } = uploadFile(owner, spaceId, { name, contentType: 'text/plain', bytes: new TextEncoder().encode('cv') });
    const file = (await server.api.get(`/v1/spaces/${spaceId}/content/files/${fileId}`)).body;
    const download = await fetch(file.downloadURL);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(
      `inline; filename="R_sum_ _final_ _ 100_.txt"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22%20%E2%98%83%20100%25.txt`,
    );
  });

  it("serves a published site's file stored by an older version with an unsendable type as bytes", async () => {
    const org = await newOrganization(server);
    const guide = await spaceWithPages(server, org.id, 'Guide', [{ title: 'Start', markdown: '![Chart](.gitbook/assets/chart.png)\n' }]);
    const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs', visibility: 'public', spaces: [guide.id] })).body;
    await server.api.post(`/v1/orgs/${org.id}/sites/${site.id}/publish`);
    uploadFile(owner, guide.id, { name: 'chart.png', contentType: 'image/png\u0000☃', bytes: new TextEncoder().encode('not really a png') });
    const home = await (await fetch(`${server.url}/sites/${site.id}/`)).text();
    const src = /<img src="([^"]+)"/.exec(home)?.[1];
    expect(src).toMatch(/~files\/[^/]+\/chart\.png$/);

    const image = await fetch(`${server.url}${src}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('application/octet-stream');
    expect(image.headers.get('content-security-policy')).toContain('sandbox');
    await stillServing();
  });
});
