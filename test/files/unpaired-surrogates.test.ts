import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { trpcClient, trpcError } from '../trpc/client';

const server = useTestServer();

async function newSpace() {
  const org = await newOrganization(server);
  return (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Files' })).body.id as string;
}

const text = (value: string) => Buffer.from(value).toString('base64');

// JSON can spell half a surrogate pair; encodeURIComponent throws on one, so a file so named made listing its
// space's files answer 500. `JSON.stringify` escapes a lone surrogate, so these bodies carry `\ud800` as sent.
describe('file names that are not text', () => {
  it('returns 400 naming the field for an insert_files name with an unpaired surrogate, and stores nothing', async () => {
    const spaceId = await newSpace();
    const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, {})).body.id as string;
    const res = await server.api.post(`/v1/spaces/${spaceId}/change-requests/${cr}/content`, {
      changes: [{ operation: 'insert_files', files: [{ name: 'notes\ud800.txt', contentType: 'text/plain', base64: text('hi') }] }],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('changes.0.files.0.name: holds an unpaired UTF-16 surrogate, which is not text');
    const files = await server.api.get(`/v1/spaces/${spaceId}/change-requests/${cr}/content/files`);
    expect(files.status).toBe(200);
    expect(files.body.items).toEqual([]);
  });

  it('accepts a name with a whole surrogate pair (an emoji)', async () => {
    const spaceId = await newSpace();
    const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, {})).body.id as string;
    const res = await server.api.post(`/v1/spaces/${spaceId}/change-requests/${cr}/content`, {
      changes: [{ operation: 'insert_files', files: [{ name: 'notes-😀.txt', contentType: 'text/plain', base64: text('hi') }] }],
    });
    expect(res.status).toBe(200);
    const files = await server.api.get(`/v1/spaces/${spaceId}/change-requests/${cr}/content/files`);
    expect(files.body.items.map((f: { name: string }) => f.name)).toEqual(['notes-😀.txt']);
  });

  it('refuses an app upload so named', async () => {
    const spaceId = await newSpace();
    const trpc = trpcClient(server.url, server.owner.token);
    const error = await trpcError(trpc.content.uploadFile.mutate({ spaceId, name: 'x\udc00.txt', contentType: 'text/plain', data: text('x') }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toMatch(/name/);
  });
});
