import { describe, expect, it } from 'vitest';
import { PETSTORE_3, waitForProcessed } from '../../openapi/support';
import { newOrganization } from '../../support/org';
import { useTestServer } from '../../support/server';
import { siteFetch, spaceWithPages } from './preview-support';

const server = useTestServer();

describe('OpenAPI blocks on the published site', () => {
  it("shows the operation of a stored spec, and says so when the operation is not there", async () => {
    const org = await newOrganization(server);
    const created = await server.api.post(`/v1/orgs/${org.id}/openapi`, { slug: 'petstore', source: { text: JSON.stringify(PETSTORE_3) } });
    expect(created.status).toBe(201);
    await waitForProcessed(server.api, `/v1/orgs/${org.id}/openapi/petstore`);
    const space = await spaceWithPages(server, org.id, 'API', [
      {
        title: 'Pets',
        markdown:
          'The pets of the store.\n\n{% openapi-operation spec="petstore" path="/pets" method="get" %}\n{% endopenapi-operation %}\n\n' +
          '{% openapi-operation spec="petstore" path="/owners" method="get" %}\n{% endopenapi-operation %}\n',
      },
    ]);
    const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'API docs', spaces: [space.id] })).body;
    const published = (await server.api.post(`/v1/orgs/${org.id}/sites/${site.id}/publish`)).body;

    const page = await siteFetch(published.urls.published);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<section class="openapi-operation" aria-label="GET /pets">');
    expect(page.html).toContain('<p class="openapi-summary">List pets</p>');
    expect(page.html).toMatch(/<td><code>limit<\/code><\/td><td>query<\/td><td>integer<\/td><td>No<\/td><td>How many<\/td>/);
    expect(page.html).toMatch(/<strong>200<\/strong> The pets/);
    // The response schema, its $ref written out, highlighted as JSON.
    expect(page.html).toContain('<span class="hljs-attr">&quot;items&quot;</span>');
    expect(page.html).toContain('This operation is not in the specification “petstore” yet.');
  });
});
