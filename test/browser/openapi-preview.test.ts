import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BrowserHarness, startBrowserHarness } from './harness';

let h: BrowserHarness;

const PETSTORE = {
  openapi: '3.0.3',
  info: { title: 'Pet Store', version: '1.0.0' },
  servers: [{ url: 'https://pets.example.com/v1' }],
  paths: {
    '/pets': {
      get: {
        summary: 'List all pets',
        parameters: [{ name: 'limit', in: 'query', required: false, description: 'How many pets to return', schema: { type: 'integer', format: 'int32' } }],
        responses: { '200': { description: 'A page of pets', content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } } } },
      },
    },
  },
};

const MARKDOWN = [
  '# Pets API',
  '',
  '{% openapi-operation spec="petstore" path="/pets" method="get" %}',
  '{% endopenapi-operation %}',
  '',
  '{% openapi-operation spec="petstore" path="/owners" method="post" %}',
  '{% endopenapi-operation %}',
  '',
].join('\n');

beforeAll(async () => {
  h = await startBrowserHarness('openapi-preview');
  h.page.setDefaultTimeout(10_000);
  await h.api('POST', `/v1/orgs/${h.orgId}/openapi`, { slug: 'petstore', source: { text: JSON.stringify(PETSTORE) } });
  // Processing runs in the background; the test's own setup waits for it (vi.waitFor, as expect.poll needs a test).
  await vi.waitFor(
    async () => {
      const spec = await h.api<{ processingState: string }>('GET', `/v1/orgs/${h.orgId}/openapi/petstore`);
      if (spec.processingState !== 'complete') throw new Error(`still ${spec.processingState}`);
    },
    { timeout: 10_000, interval: 100 },
  );
  const space = (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'Developers' })).id;
  const cr = await h.api<{ id: string }>('POST', `/v1/spaces/${space}/change-requests`, { subject: 'API page' });
  const result = await h.api<{ changes: Array<{ page: { id: string } }> }>('POST', `/v1/spaces/${space}/change-requests/${cr.id}/content?compat=false`, {
    changes: [{ operation: 'insert_page', title: 'Pets API', document: { markdown: MARKDOWN } }],
  });
  await h.api('POST', `/v1/spaces/${space}/change-requests/${cr.id}/merge`);
  await h.signIn();
  await h.openSpace('Developers');
  await h.page.evaluate(`window.location.hash = ${JSON.stringify(`#/spaces/${space}/pages/${result.changes[0]!.page.id}`)}`);
  await h.page.getByRole('textbox', { name: 'Page content' }).waitFor();
});

afterAll(async () => {
  await h?.close();
});

describe('OpenAPI blocks in the editor’s preview', () => {
  it('shows the operation from the spec: method, path, summary, parameters and responses', async () => {
    await h.page.getByRole('button', { name: 'Preview' }).click();
    const preview = h.page.getByRole('region', { name: 'Preview' });
    const card = preview.getByRole('region', { name: 'GET /pets' });
    await card.getByText('List all pets').waitFor();
    await card.getByText('https://pets.example.com/v1').waitFor();
    const table = card.getByRole('table');
    expect(await table.getByRole('row').nth(1).getByRole('cell').allInnerTexts()).toEqual(['limit', 'query', 'integer (int32)', 'No', 'How many pets to return']);
    await card.getByRole('heading', { name: 'Responses' }).waitFor();
    await card.getByText('A page of pets').waitFor();
    expect(await card.locator('pre').innerText()).toContain('"type": "array"');
  });

  it('says when an operation is not in the specification yet, as the site preview does', async () => {
    const card = h.page.getByRole('region', { name: 'Preview' }).getByRole('region', { name: 'POST /owners' });
    await card.getByText('This operation is not in the specification “petstore” yet.').waitFor();
    await h.screenshot('editor-preview-openapi');
    expect(h.pageErrors).toEqual([]);
  });
});
