import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_PIXELS } from '../../src-main/expansion-limits';
import { jpegClaiming, pngClaiming } from '../support/image-bombs';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { trpcClient, trpcError } from '../trpc/client';

const server = useTestServer();
const claims = (width: number, height: number) => `the image claims ${width}x${height} pixels, more than the ${MAX_IMAGE_PIXELS} Folio accepts`;

async function newSpace() {
  const org = await newOrganization(server);
  const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Images' })).body.id as string;
  return { spaceId, trpc: trpcClient(server.url, server.owner.token) };
}

const filesOf = async (spaceId: string) => (await server.api.get(`/v1/spaces/${spaceId}/content/files`)).body.items as Array<{ name: string }>;

describe('uploads of images whose header claims too many pixels', () => {
  it.each([
    ['a PNG', 'huge.png', 'image/png', pngClaiming(100_000, 100_000), claims(100_000, 100_000)],
    ['a JPEG', 'huge.jpg', 'image/jpeg', jpegClaiming(60_000, 60_000), claims(60_000, 60_000)],
    ['a PNG stored as plain bytes', 'huge.bin', 'application/octet-stream', pngClaiming(100_000, 2_000), claims(100_000, 2_000)],
  ])('answers 400 naming `data` for %s, and stores nothing', async (_, name, contentType, bytes, reason) => {
    const { spaceId, trpc } = await newSpace();
    const error = await trpcError(trpc.content.uploadFile.mutate({ spaceId, name, contentType, data: bytes.toString('base64') }));
    expect(error).toMatchObject({ httpStatus: 400, message: `data: ${reason}` });
    expect(await filesOf(spaceId)).toEqual([]);
  });

  it('stores an image of exactly the bound, and a vector image whatever size it claims', async () => {
    const { spaceId, trpc } = await newSpace();
    const side = Math.sqrt(MAX_IMAGE_PIXELS);
    await trpc.content.uploadFile.mutate({ spaceId, name: 'bound.png', contentType: 'image/png', data: pngClaiming(side, side).toString('base64') });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"><rect width="10" height="10"/></svg>');
    await trpc.content.uploadFile.mutate({ spaceId, name: 'plan.svg', contentType: 'image/svg+xml', data: svg.toString('base64') });
    expect((await filesOf(spaceId)).map((f) => f.name).sort()).toEqual(['bound.png', 'plan.svg']);
  });

  it('answers 400 naming the file of an insert_files change, and applies none of the batch', async () => {
    const { spaceId } = await newSpace();
    const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, {})).body;
    const base = `/v1/spaces/${spaceId}/change-requests/${cr.id}`;
    const res = await server.api.post(`${base}/content`, {
      changes: [
        { operation: 'insert_page', title: 'Photos', document: { markdown: '![Huge](./huge)' } },
        { operation: 'insert_files', files: [{ ref: 'huge', name: 'huge.png', contentType: 'image/png', base64: pngClaiming(100_000, 100_000).toString('base64') }] },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(`changes.1.files.0.base64: ${claims(100_000, 100_000)}`);
    expect((await server.api.get(`${base}/content/pages`)).body.pages).toEqual([]);
    expect((await server.api.get(`${base}/content/files`)).body.items).toEqual([]);
  });
});
