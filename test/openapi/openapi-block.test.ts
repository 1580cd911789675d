import { beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import type { ServiceContext } from '../../src-main/app/context';
import { createPage } from '../../src-main/content/pages-service';
import { operationOf } from '../../src-main/openapi/operation';
import { getUserById } from '../../src-main/store/users';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { PETSTORE_3, waitForProcessed } from './support';

const server = useTestServer();
let owner: ServiceContext;
beforeAll(() => {
  owner = serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);
});

describe('a page embedding an operation of a stored spec', () => {
  it('reads as an openapi-operation block in format=document, whose pointer finds the operation', async () => {
    const org = await newOrganization(server);
    await server.api.put(`/v1/orgs/${org.id}/openapi/petstore`, { source: { text: JSON.stringify(PETSTORE_3) } });
    await waitForProcessed(server.api, `/v1/orgs/${org.id}/openapi/petstore`);
    const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'API' })).body as { id: string };
    const markdown = 'List them:\n\n{% openapi-operation spec="petstore" path="/pets" method="get" %}\n[OpenAPI petstore](https://example.com)\n{% endopenapi-operation %}\n';
    const { pageId } = createPage(owner, space.id, { title: 'Pets', markdown });

    const res = await server.api.get(`/v1/spaces/${space.id}/content/page/${pageId}?format=document`);
    const block = res.body.document.nodes[1];
    expect(block).toMatchObject({ type: 'openapi-operation', data: { ref: { kind: 'openapi', spec: 'petstore' }, path: '/pets', method: 'get' } });
    const operation = operationOf(server.app.db, org.id, block.data.ref.spec, block.data.path, block.data.method);
    expect(operation).toMatchObject({ summary: 'List pets', responses: [{ status: '200' }, { status: 'default' }] });
    expect((await server.api.get(`/v1/spaces/${space.id}/content/page/${pageId}`)).body.markdown).toBe(markdown);
  });
});
