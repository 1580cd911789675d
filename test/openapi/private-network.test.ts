import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolvedAddress } from '../../src-main/net/network-policy';
import { type LoopbackOrigin, serveLoopbackOrigin } from '../support/loopback-origin';
import { newOrganization } from '../support/org';
import { startTestServer, type TestServer } from '../support/server';
import { trpcClient, trpcError } from '../trpc/client';
import { PETSTORE_3, waitForProcessed } from './support';

/**
 * OpenAPI specifications from URLs on a server started without --allow-private-network: one loopback
 * origin is on the --allow-host list (where specs are published), another stands for an internal service.
 */
let server: TestServer;
let allowed: LoopbackOrigin;
let internal: LoopbackOrigin;
/** On 127.0.0.2, at the allowed origin's port: where the rebinding name points the second time. */
let shadow: LoopbackOrigin;

const withRef = (ref: string) => ({
  ...PETSTORE_3,
  components: { schemas: { ...PETSTORE_3.components.schemas, Owner: { $ref: ref } } },
});

beforeAll(async () => {
  internal = await serveLoopbackOrigin({ '/schemas.json': ['application/json', JSON.stringify({ type: 'object' })], '/openapi.json': ['application/json', JSON.stringify(PETSTORE_3)] });
  allowed = await serveLoopbackOrigin({
    '/petstore.json': ['application/json', JSON.stringify(PETSTORE_3)],
    '/moved.json': { redirect: `${internal.url}/openapi.json` },
    // A $ref on the spec's own origin (so the parser may follow it) that redirects to the internal service.
    '/ref-redirect.json': ['application/json', JSON.stringify(withRef('./owner.json'))],
    '/owner.json': { redirect: `${internal.url}/schemas.json` },
    '/rebind.json': ['application/json', JSON.stringify(withRef('./schemas.json'))],
    '/schemas.json': ['application/json', JSON.stringify({ type: 'object' })],
  });
  shadow = await serveLoopbackOrigin({ '/schemas.json': ['application/json', JSON.stringify({ type: 'object' })] }, { host: '127.0.0.2', port: allowed.port });
  server = await startTestServer({
    config: {
      allowPrivateNetwork: false,
      // The allowed origin's address is on the list, so names resolving to it are allowed too.
      allowHosts: [allowed.hostPort],
      // Fake DNS: `api.folio-test` answers the allowed origin's address until that origin has served
      // /rebind.json, then an address that is not allowed (a rebinding attacker's name).
      resolveHost: async (hostname): Promise<ResolvedAddress[]> => {
        const rebound = hostname === 'api.folio-test' && allowed.requests.includes('/rebind.json');
        return [{ address: rebound ? '127.0.0.2' : '127.0.0.1', family: 4 }];
      },
    },
  });
});
afterAll(async () => {
  await server.close();
  await allowed.close();
  await internal.close();
  await shadow.close();
});

const REFUSED = /^source\.url: .* (a loopback|an unspecified) address; this server does not fetch private network addresses \(start it with --allow-private-network to allow them/;

async function createFrom(url: string) {
  const org = await newOrganization(server);
  return { org, res: await server.api.post(`/v1/orgs/${org.id}/openapi`, { slug: 'spec', source: { url } }) };
}

describe('OpenAPI specifications from URLs on a server without --allow-private-network', () => {
  it('returns 400 naming the flag for every spelling of a loopback address, on create and on PUT', async () => {
    const hosts = ['127.0.0.1', 'localhost', '2130706433', '0x7f000001', '[::1]', '[::ffff:127.0.0.1]', '0.0.0.0'];
    for (const host of hosts) {
      const url = `http://${host}:${internal.port}/openapi.json`;
      const { org, res } = await createFrom(url);
      expect(res.status, url).toBe(400);
      expect(res.body.error.message, url).toMatch(REFUSED);
      const put = await server.api.put(`/v1/orgs/${org.id}/openapi/spec`, { source: { url } });
      expect(put.status, url).toBe(400);
      expect(put.body.error.message, url).toMatch(REFUSED);
      expect((await server.api.get(`/v1/orgs/${org.id}/openapi`)).body.items).toEqual([]);
    }
    expect(internal.requests).toEqual([]);
  });

  it('refuses a refused URL through the app (tRPC) too', async () => {
    const org = await newOrganization(server);
    const trpc = trpcClient(server.url, server.owner.token);
    const error = await trpcError(trpc.openapi.create.mutate({ organizationId: org.id, slug: 'spec', source: { url: `${internal.url}/openapi.json` } }));
    expect(error).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^source\.url: 127\.0\.0\.1 is a loopback address/) });
  });

  it('processes a spec from an allowed host', async () => {
    const { org, res } = await createFrom(`${allowed.url}/petstore.json`);
    expect(res.status).toBe(201);
    expect(await waitForProcessed(server.api, `/v1/orgs/${org.id}/openapi/spec`)).toMatchObject({ lastVersion: expect.any(String) });
  });

  it('fails with FETCH_ERROR when an allowed URL redirects to a refused one', async () => {
    const { org, res } = await createFrom(`${allowed.url}/moved.json`);
    expect(res.status).toBe(201);
    expect((await waitForProcessed(server.api, `/v1/orgs/${org.id}/openapi/spec`)).lastProcessErrorCode).toBe('FETCH_ERROR');
    expect(internal.requests).toEqual([]);
  });

  it("fails with FETCH_ERROR when a spec's $ref leads to a refused address", async () => {
    const { org } = await createFrom(`${allowed.url}/ref-redirect.json`);
    expect((await waitForProcessed(server.api, `/v1/orgs/${org.id}/openapi/spec`)).lastProcessErrorCode).toBe('FETCH_ERROR');
    expect(allowed.requests).toContain('/owner.json');
    expect(internal.requests).toEqual([]);
  });

  it('vets the $ref fetch again: a name that resolves elsewhere by then is refused (DNS rebinding)', async () => {
    const { org, res } = await createFrom(`http://api.folio-test:${allowed.port}/rebind.json`);
    expect(res.status).toBe(201);
    expect((await waitForProcessed(server.api, `/v1/orgs/${org.id}/openapi/spec`)).lastProcessErrorCode).toBe('FETCH_ERROR');
    expect(allowed.requests).toContain('/rebind.json');
    expect(shadow.requests).toEqual([]);
  });
});
