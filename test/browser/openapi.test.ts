import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserHarness, startBrowserHarness } from './harness';

interface Spec {
  slug: string;
  processingState: string;
  lastVersion?: string;
  lastProcessErrorCode?: string;
}

let h: BrowserHarness;
const main = () => h.page.getByRole('main');
const specsPath = () => `/v1/orgs/${h.orgId}/openapi`;

const PETSTORE = `openapi: 3.0.3
info:
  title: Pet Store
  version: 1.0.0
paths:
  /pets:
    get:
      summary: List all pets
      parameters:
        - name: limit
          in: query
          description: How many pets to return
          schema:
            type: integer
            format: int32
      responses:
        '200':
          description: A page of pets
          content:
            application/json:
              schema:
                type: array
                items:
                  type: string
`;

beforeAll(async () => {
  h = await startBrowserHarness('openapi');
  h.page.setDefaultTimeout(10_000);
  await h.api('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'Reference' });
  await h.signIn();
});

afterAll(async () => {
  await h?.close();
});

describe('the API specs screen', () => {
  it('opens from the sidebar with its own address, and says when there are no specs', async () => {
    await h.page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'API specs' }).click();
    await main().getByRole('heading', { name: 'API specs', level: 1 }).waitFor();
    await main().getByText('No API specs yet').waitFor();
    expect(new URL(h.page.url()).hash).toBe(`#/orgs/${h.orgId}/openapi`);
  });

  it('refuses a slug outside the pattern before asking the server, explaining the rule', async () => {
    await main().getByRole('button', { name: 'New API spec' }).click();
    const form = main().getByRole('form', { name: 'New API spec' });
    await form.getByLabel('Slug').fill('Pet Store');
    await form.getByLabel('Paste the text').check();
    await form.getByLabel('Specification text').fill(PETSTORE);
    await form.getByRole('button', { name: 'Add spec' }).click();
    await form.getByRole('alert').getByText(/slug: must be lowercase letters and digits/).waitFor();
    expect((await h.api<{ items: Spec[] }>('GET', specsPath())).items).toEqual([]);
  });

  it('adds a spec from pasted text, follows its processing to complete, and lists its version', async () => {
    const form = main().getByRole('form', { name: 'New API spec' });
    await form.getByLabel('Slug').fill('petstore');
    await h.screenshot('openapi-new');
    await form.getByRole('button', { name: 'Add spec' }).click();
    await main().getByRole('heading', { name: 'petstore', level: 1 }).waitFor();
    expect(new URL(h.page.url()).hash).toBe(`#/orgs/${h.orgId}/openapi/petstore`);
    // The page reads the spec again while it is processed, until it is complete: no reload needed.
    await main().getByText('Processed', { exact: true }).waitFor();
    const spec = await h.api<Spec>('GET', `${specsPath()}/petstore`);
    expect(spec).toMatchObject({ processingState: 'complete' });
    expect(spec.lastVersion).toBeTruthy();
    const versions = main().getByRole('list', { name: 'Versions' });
    await versions.getByText(spec.lastVersion!).waitFor();
    await versions.getByText('Latest').waitFor();
    await main().getByText('Pasted text').waitFor();
    await h.screenshot('openapi-spec');
  });

  it('processes new text as a new version, and says in words why invalid text failed', async () => {
    const update = main().getByRole('region', { name: 'Reprocess or update' });
    await update.getByLabel('Specification text').fill(PETSTORE.replace('1.0.0', '1.1.0'));
    await update.getByRole('button', { name: 'Update and process' }).click();
    await main().getByRole('list', { name: 'Versions' }).getByRole('listitem').nth(1).waitFor();
    expect((await h.api<{ count: number }>('GET', `${specsPath()}/petstore/versions`)).count).toBe(2);

    await update.getByLabel('Specification text').fill('this is not: [an openapi spec');
    await update.getByRole('button', { name: 'Update and process' }).click();
    await main().getByText('Last processing failed').waitFor();
    await main().getByText(/is not valid OpenAPI 3.x or Swagger 2.0/).waitFor();
    expect(await h.api<Spec>('GET', `${specsPath()}/petstore`)).toMatchObject({ lastProcessErrorCode: 'PARSE_ERROR' });
    // The previous version stays.
    expect((await h.api<{ count: number }>('GET', `${specsPath()}/petstore/versions`)).count).toBe(2);
  });

  it('lists the spec with its state, and deletes it after asking once more', async () => {
    await main().getByRole('link', { name: /All API specs/ }).click();
    const entry = main().getByRole('list', { name: 'API specs' }).getByRole('link', { name: /petstore/ });
    await entry.getByText('Last processing failed').waitFor();
    await h.screenshot('openapi-list');
    await entry.click();
    await main().getByRole('button', { name: 'Delete spec…' }).click();
    await main().getByRole('button', { name: 'Delete “petstore”' }).click();
    await main().getByText('No API specs yet').waitFor();
    expect((await h.api<{ items: Spec[] }>('GET', specsPath())).items).toEqual([]);
    expect(h.pageErrors).toEqual([]);
  });
});
