import { describe, expect, it } from 'vitest';
import { MAX_TRPC_BODY_BYTES } from '../../src-main/http/trpc-handler';
import { chunkedBody, getOnFreshConnection } from '../support/raw-requests';
import { useTestServer } from '../support/server';

const server = useTestServer();

/** One body just over the limit, shared by the tests (it is large). */
const overLimit = new Uint8Array(MAX_TRPC_BODY_BYTES + 1).fill(0x20);

const call = (body: BodyInit) =>
  fetch(`${server.url}/trpc/content.uploadFile`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.owner.token}`, 'content-type': 'application/json' },
    body,
    duplex: 'half',
  } as RequestInit);

describe('/trpc bodies over the limit', () => {
  it.each([
    ['with a Content-Length', () => overLimit],
    ['chunked', () => chunkedBody(overLimit, 1024 * 1024)],
  ])('answers a readable PAYLOAD_TOO_LARGE (413) to a body %s, and keeps serving', async (_how, body) => {
    const res = await call(body());
    expect(res.status).toBe(413);
    expect((await res.json()).error.data).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', httpStatus: 413 });
    expect(await getOnFreshConnection(`${server.url}/v1/user`, server.owner.token)).toBe(200);
  });
});
