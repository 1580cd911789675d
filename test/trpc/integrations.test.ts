import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { minimalPublication, PNG, uniqueName } from '../integrations/fixtures';
import { trpcClient, trpcError } from './client';

const server = useTestServer();
const owner = () => trpcClient(server.url, server.owner.token);

describe('integration procedures over HTTP', () => {
  it('publish, get and list return the /v1 objects', async () => {
    const org = await newOrganization(server, 'tRPC vendor');
    const name = uniqueName('trpc');
    const published = await owner().integrations.publish.mutate({
      integrationName: name,
      ...minimalPublication(org.id),
      runtime: 'v1',
      visibility: 'public',
      previewImages: [PNG],
      blocks: [{ id: 'b', title: 'Block' }],
      scopes: ['space:script:inject'],
    });
    expect(published).toEqual((await server.api.get(`/v1/integrations/${name}`)).body);
    expect(await owner().integrations.get.query({ integrationName: name })).toEqual(published);
    const listed = await owner().integrations.list.query({ owner: org.id, blocks: true });
    expect(listed).toEqual((await server.api.get(`/v1/integrations?owner=${org.id}&blocks=true`)).body);
    expect(listed.items.map((i) => i.name)).toEqual([name]);
    expect((await owner().integrations.list.query({ owner: org.id, blocks: false })).count).toBe(0);
    expect(await owner().integrations.listForOrganization.query({ organizationId: org.id, search: name })).toEqual(
      (await server.api.get(`/v1/orgs/${org.id}/integrations?search=${name}`)).body,
    );
  });

  it('refuses a title one past its limit in the words /v1 uses', async () => {
    const org = await newOrganization(server);
    const error = await trpcError(
      owner().integrations.publish.mutate({ integrationName: uniqueName(), ...minimalPublication(org.id), runtime: 'v1', title: 'x'.repeat(31), scopes: [] }),
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toMatch(/^title:/);
    const badName = await trpcError(owner().integrations.get.query({ integrationName: 'no spaces' }));
    expect(badName.message).toMatch(/^integrationName:/);
  });

  it('installs on an organization and a space, lists and uninstalls, as /v1 does', async () => {
    const vendor = await newOrganization(server, 'Vendor');
    const customer = await newOrganization(server, 'Customer');
    const name = uniqueName('trpc-inst');
    await owner().integrations.publish.mutate({ integrationName: name, ...minimalPublication(vendor.id), runtime: 'v1', visibility: 'public' });
    const installation = await owner().integrations.installations.install.mutate({ integrationName: name, organizationId: customer.id });
    expect(installation).toEqual((await server.api.get(`/v1/integrations/${name}/installations/${installation.id}`)).body);
    const updated = await owner().integrations.installations.update.mutate({ integrationName: name, installationId: installation.id, externalIds: ['x-1'] });
    expect(updated.externalIds).toEqual(['x-1']);
    expect(await owner().integrations.installations.list.query({ integrationName: name, externalId: 'x-1' })).toEqual(
      (await server.api.get(`/v1/integrations/${name}/installations?externalId=x-1`)).body,
    );
    const space = (await server.api.post(`/v1/orgs/${customer.id}/spaces`, { title: 'Docs' })).body;
    const onSpace = await owner().integrations.installations.installOnSpace.mutate({ integrationName: name, installationId: installation.id, spaceId: space.id });
    expect(onSpace).toMatchObject({ integration: name, installation: installation.id, space: space.id });
    expect(await owner().integrations.listForSpace.query({ spaceId: space.id })).toEqual((await server.api.get(`/v1/spaces/${space.id}/integrations`)).body);
    await owner().integrations.installations.uninstall.mutate({ integrationName: name, installationId: installation.id });
    expect((await server.api.get(`/v1/integrations/${name}/installations/${installation.id}`)).status).toBe(404);
    await owner().integrations.unpublish.mutate({ integrationName: name });
    expect((await trpcError(owner().integrations.get.query({ integrationName: name }))).code).toBe('NOT_FOUND');
  });

  it('gives a member without the admin role FORBIDDEN, as /v1 answers 403', async () => {
    const org = await newOrganization(server);
    const editor = await org.member('edit');
    const error = await trpcError(
      trpcClient(server.url, editor.token).integrations.publish.mutate({ integrationName: uniqueName(), ...minimalPublication(org.id), runtime: 'v1' }),
    );
    expect(error.code).toBe('FORBIDDEN');
    expect(error.message).toMatch(/"admin" role/);
  });
});

describe('translation procedures over HTTP', () => {
  it('create, list, get, update and delete answer as /v1 does', async () => {
    const org = await newOrganization(server, 'tRPC translations');
    const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Guide' })).body;
    const created = await owner().translations.create.mutate({ organizationId: org.id, source: { space: space.id, language: 'en' }, language: 'fr', title: 'FR' });
    const base = `/v1/orgs/${org.id}/translations`;
    expect(created).toEqual((await server.api.get(`${base}/${created.id}`)).body);
    expect(await owner().translations.list.query({ organizationId: org.id })).toEqual((await server.api.get(base)).body);
    expect(await owner().translations.get.query({ organizationId: org.id, translationId: created.id })).toEqual(created);
    const updated = await owner().translations.update.mutate({ organizationId: org.id, translationId: created.id, title: 'Français' });
    expect(updated.title).toBe('Français');
    const none = await trpcError(owner().translations.update.mutate({ organizationId: org.id, translationId: created.id }));
    expect(none.message).toMatch(/^instructions:/);
    expect(await owner().translations.delete.mutate({ organizationId: org.id, translationId: created.id })).toEqual({ deleted: true });
    expect(await owner().translations.delete.mutate({ organizationId: org.id, translationId: created.id })).toEqual({ deleted: false });
  });
});
