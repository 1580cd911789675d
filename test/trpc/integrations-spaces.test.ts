import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { minimalPublication, uniqueName } from '../integrations/fixtures';
import { trpcClient } from './client';

const server = useTestServer();
const owner = () => trpcClient(server.url, server.owner.token);

describe('the installation spaces procedure', () => {
  it('lists the spaces an installation is on, as GET .../spaces?extended=true does', async () => {
    const org = await newOrganization(server, 'Spaces vendor');
    const name = uniqueName('spaces');
    await server.api.post(`/v1/integrations/${name}`, minimalPublication(org.id, { target: 'space' }));
    const installation = await owner().integrations.installations.install.mutate({ integrationName: name, organizationId: org.id });
    const ref = { integrationName: name, installationId: installation.id };
    expect((await owner().integrations.installations.listSpaces.query(ref)).items).toEqual([]);

    const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Docs' })).body;
    await owner().integrations.installations.installOnSpace.mutate({ ...ref, spaceId: space.id });
    const listed = await owner().integrations.installations.listSpaces.query(ref);
    expect(listed).toEqual((await server.api.get(`/v1/integrations/${name}/installations/${installation.id}/spaces?extended=true`)).body);
    expect(listed.items).toMatchObject([{ installation: installation.id, space: { id: space.id, title: 'Docs' } }]);
  });
});
