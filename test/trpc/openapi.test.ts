import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { PETSTORE_3, SWAGGER_2, waitForProcessed } from '../openapi/support';
import { trpcClient, trpcError } from './client';

const server = useTestServer();
const owner = () => trpcClient(server.url, server.owner.token);
const text = JSON.stringify(PETSTORE_3);

describe('OpenAPI procedures over HTTP', () => {
  it('create, get, list, put, update and delete return what /v1 answers', async () => {
    const org = await newOrganization(server, 'tRPC OpenAPI');
    const path = `/v1/orgs/${org.id}/openapi/pets`;
    const created = await owner().openapi.create.mutate({ organizationId: org.id, slug: 'pets', source: { text } });
    expect(created).toMatchObject({ object: 'openapi-spec', slug: 'pets', processingState: 'pending' });
    await waitForProcessed(server.api, path);
    const ref = { organizationId: org.id, slug: 'pets' };
    expect(await owner().openapi.get.query(ref)).toEqual((await server.api.get(path)).body);
    expect(await owner().openapi.list.query({ organizationId: org.id })).toEqual((await server.api.get(`/v1/orgs/${org.id}/openapi`)).body);

    const put = await owner().openapi.createOrUpdate.mutate({ ...ref, source: { text: JSON.stringify(SWAGGER_2) } });
    expect(put.created).toBe(false);
    expect(put.spec.id).toBe(created.id);
    const fresh = await owner().openapi.createOrUpdate.mutate({ organizationId: org.id, slug: 'other', source: { text } });
    expect(fresh.created).toBe(true);
    // The new source is processed in the background: let it finish, so that update's answer and the GET below
    // are not read on either side of that processing (processingState, lastVersion).
    await waitForProcessed(server.api, path);

    const updated = await owner().openapi.update.mutate({ ...ref, visibility: 'public' });
    expect(updated).toEqual((await server.api.get(path)).body);
    expect(updated.visibility).toBe('public');

    expect(await owner().openapi.delete.mutate(ref)).toEqual({ deleted: true });
    expect(await owner().openapi.delete.mutate(ref)).toEqual({ deleted: false });
    expect((await server.api.get(path)).status).toBe(404);
  });

  it('versions list, get (by id and latest) and content agree with /v1', async () => {
    const org = await newOrganization(server);
    const path = `/v1/orgs/${org.id}/openapi/versioned`;
    await server.api.put(path, { source: { text } });
    const { lastVersion } = await waitForProcessed(server.api, path);
    const ref = { organizationId: org.id, slug: 'versioned' };
    expect(await owner().openapi.versions.list.query(ref)).toEqual((await server.api.get(`${path}/versions`)).body);
    expect(await owner().openapi.versions.get.query({ ...ref, versionId: 'latest' })).toEqual((await server.api.get(`${path}/versions/${lastVersion}`)).body);
    expect(await owner().openapi.versions.getContent.query({ ...ref, versionId: lastVersion! })).toEqual(
      (await server.api.get(`${path}/versions/${lastVersion}/content`)).body,
    );
  });

  it('operation summarizes an OpenAPI 3 operation: parameters (path-level too), body, responses with dereferenced schemas', async () => {
    const org = await newOrganization(server);
    const path = `/v1/orgs/${org.id}/openapi/ops`;
    await server.api.put(path, { source: { text } });
    await waitForProcessed(server.api, path);
    const list = await owner().openapi.operation.query({ organizationId: org.id, slug: 'ops', path: '/pets', method: 'GET' });
    expect(list).toMatchObject({
      spec: 'ops',
      method: 'get',
      operationId: 'listPets',
      summary: 'List pets',
      tags: ['pets'],
      deprecated: false,
      parameters: [
        { name: 'limit', in: 'query', required: false, description: 'How many', schema: { type: 'integer' } },
        { name: 'X-Trace', in: 'header', required: false, schema: { type: 'string' } },
      ],
    });
    expect(list!.responses.map((r) => r.status)).toEqual(['200', 'default']);
    const pets = list!.responses[0]!.content['application/json']!.schema as { type: string; items: { properties: { name: unknown } } };
    expect(pets.type).toBe('array');
    expect(pets.items.properties.name).toEqual({ type: 'string' });
    const add = await owner().openapi.operation.query({ organizationId: org.id, slug: 'ops', path: '/pets', method: 'post' });
    expect(add!.requestBody).toMatchObject({ required: true, content: { 'application/json': { schema: { type: 'object', required: ['name'] } } } });
    expect(await owner().openapi.operation.query({ organizationId: org.id, slug: 'ops', path: '/nope', method: 'get' })).toBeNull();
  });

  it('operation reads a Swagger 2.0 body parameter as a request body', async () => {
    const org = await newOrganization(server);
    const path = `/v1/orgs/${org.id}/openapi/old`;
    await server.api.put(path, { source: { text: JSON.stringify(SWAGGER_2) } });
    await waitForProcessed(server.api, path);
    const op = await owner().openapi.operation.query({ organizationId: org.id, slug: 'old', path: '/pets', method: 'post' });
    expect(op!.parameters).toEqual([{ name: 'dryRun', in: 'query', required: false, schema: { type: 'boolean' } }]);
    expect(op!.requestBody).toEqual({ required: true, content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } } } });
    expect(op!.responses[0]).toMatchObject({ status: '200', content: { 'application/json': { schema: { type: 'object' } } } });
  });

  it('words input errors as /v1 does and applies the same roles', async () => {
    const org = await newOrganization(server);
    const bad = await trpcError(owner().openapi.create.mutate({ organizationId: org.id, slug: 'Bad Slug', source: { text } }));
    expect(bad.httpStatus).toBe(400);
    expect(bad.message).toMatch(/^slug:/);
    await server.api.put(`/v1/orgs/${org.id}/openapi/mine`, { source: { text } });
    const reader = await org.member('read');
    const client = trpcClient(server.url, reader.token);
    expect((await client.openapi.get.query({ organizationId: org.id, slug: 'mine' })).permissions.edit).toBe(false);
    const refused = await trpcError(client.openapi.delete.mutate({ organizationId: org.id, slug: 'mine' }));
    expect(refused.code).toBe('FORBIDDEN');
    const stranger = trpcClient(server.url, server.userToken('openapi-trpc-stranger@example.com').token);
    expect((await trpcError(stranger.openapi.operation.query({ organizationId: org.id, slug: 'mine', path: '/pets', method: 'get' }))).code).toBe('NOT_FOUND');
  });
});
