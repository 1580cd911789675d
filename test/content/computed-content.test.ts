import { beforeAll, describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { PETSTORE_3, waitForProcessed } from '../openapi/support';

const server = useTestServer();
let spaceId: string;

beforeAll(async () => {
  const org = await newOrganization(server);
  spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'API' })).body.id;
  await server.api.post(`/v1/orgs/${org.id}/openapi`, { slug: 'petstore', source: { text: JSON.stringify(PETSTORE_3) } });
  await waitForProcessed(server.api, `/v1/orgs/${org.id}/openapi/petstore`);
});

const openapi = (props: Record<string, unknown>, spec = 'petstore') => ({
  source: { type: 'builtin:openapi', props, dependencies: { spec: { ref: { kind: 'openapi', spec } } } },
  seed: 'seed-1',
});
type Block = { type: string; data?: Record<string, unknown>; nodes?: Block[]; leaves?: Array<{ text: string }> };
const textOf = (node: Block): string => (node.leaves?.map((l) => l.text).join('') ?? '') + (node.nodes ?? []).map(textOf).join('');

describe('computed content from an OpenAPI specification', () => {
  it("computes an operation's document as GitBook's OpenAPI operation block", async () => {
    const res = await server.api.post(`/v1/spaces/${spaceId}/content/computed/document`, openapi({ doc: 'operation', page: '/pets', method: 'get' }));
    expect(res.status).toBe(200);
    expect(res.body.nodes).toEqual([expect.objectContaining({ type: 'openapi-operation', data: expect.objectContaining({ ref: { kind: 'openapi', spec: 'petstore' }, path: '/pets', method: 'get' }) })]);
  });

  it("computes a tag's operations, the API's info and its models", async () => {
    const tag = await server.api.post(`/v1/spaces/${spaceId}/content/computed/document`, openapi({ doc: 'tag', page: 'pets' }));
    expect(tag.body.nodes.map((n: Block) => n.type)).toEqual(['openapi-operation']);
    const info = await server.api.post(`/v1/spaces/${spaceId}/content/computed/document?schema=current`, openapi({ doc: 'info', page: 'info' }));
    expect(textOf(info.body)).toContain('1.0.0');
    const models = await server.api.post(`/v1/spaces/${spaceId}/content/computed/document`, openapi({ doc: 'models' }));
    expect(models.body.nodes.filter((n: Block) => n.type === 'heading-2').map(textOf)).toEqual(['Pet', 'Pets']);
  });

  it('computes a revision of pages by tag or by operation, with ids the seed decides', async () => {
    const byTag = await server.api.post(`/v1/spaces/${spaceId}/content/computed/revision`, openapi({ models: true }));
    expect(byTag.status).toBe(200);
    expect(byTag.body).toMatchObject({ files: [], reusableContents: [] });
    expect(byTag.body.pages.map((p: { title: string; type: string }) => [p.title, p.type])).toEqual([['pets', 'document'], ['Other', 'document'], ['Models', 'document']]);
    expect(byTag.body.pages[0].markdown).toContain('{% openapi-operation spec="petstore" path="/pets" method="get" %}');

    const byOperation = await server.api.post(`/v1/spaces/${spaceId}/content/computed/revision`, openapi({ models: false, grouping: 'by-operation' }));
    expect(byOperation.body.pages.map((p: { title: string; pages: Array<{ title: string }> }) => [p.title, p.pages.map((c) => c.title)])).toEqual([['pets', ['List pets']], ['Other', ['Add a pet']]]);

    const again = await server.api.post(`/v1/spaces/${spaceId}/content/computed/revision`, openapi({ models: true }));
    expect(again.body.pages.map((p: { id: string }) => p.id)).toEqual(byTag.body.pages.map((p: { id: string }) => p.id));
    const reseeded = await server.api.post(`/v1/spaces/${spaceId}/content/computed/revision`, { ...openapi({ models: true }), seed: 'seed-2' });
    expect(reseeded.body.pages[0].id).not.toBe(byTag.body.pages[0].id);
  });

  it('refuses sources Folio cannot compute, unknown specs and operations, and malformed requests', async () => {
    const document = (body: unknown) => server.api.post(`/v1/spaces/${spaceId}/content/computed/document`, body);
    const integration = await document({ source: { type: 'integration:github:files', props: {} }, seed: 's' });
    expect(integration.status).toBe(400);
    expect(integration.body.error.message).toContain('integration runtime');
    const translation = await server.api.post(`/v1/spaces/${spaceId}/content/computed/revision`, {
      source: { type: 'builtin:translation', props: {}, dependencies: { translation: { ref: { kind: 'translation', translation: 't' } } } },
      seed: 's',
    });
    expect(translation.status).toBe(400);
    expect(translation.body.error.message).toContain('translation');
    expect((await document(openapi({ doc: 'models' }, 'unknown'))).body.error.message).toMatch(/^source\.dependencies\.spec: .*no OpenAPI specification "unknown"/);
    expect((await document(openapi({ doc: 'operation', page: '/pets' }))).body.error.message).toMatch(/^source\.props\.method/);
    expect((await document(openapi({ doc: 'operation', page: '/nowhere', method: 'get' }))).body.error.message).toContain('no operation GET /nowhere');
    expect((await document(openapi({ doc: 'tag', page: 'cats' }))).status).toBe(400);
    expect((await document({ source: { type: 'builtin:openapi' } })).body.error.message).toMatch(/^seed/);
    expect((await server.api.post('/v1/spaces/nope/content/computed/document', openapi({ doc: 'models' }))).status).toBe(404);
  });
});
