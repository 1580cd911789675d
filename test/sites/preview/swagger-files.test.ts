import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PETSTORE_3, startSpecServer, waitForProcessed } from '../../openapi/support';
import { newOrganization } from '../../support/org';
import { useTestServer } from '../../support/server';
import { siteFetch } from './preview-support';

const server = useTestServer({ config: { allowFileImports: true } });

/** A synthetic spec file as a space would hold it: YAML, with a path parameter and a `$ref`'d response schema. */
const SPEC_YAML = `openapi: 3.0.3
info:
  title: Zoo
  version: "1.0"
servers:
  - url: https://zoo.example.test/v1
paths:
  /animals/{animalId}:
    parameters:
      - name: animalId
        in: path
        required: true
        description: The animal's id
        schema: { type: string }
    get:
      summary: Read one animal
      responses:
        "200":
          description: The animal
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Animal" }
        "404":
          description: No such animal
components:
  schemas:
    Animal:
      type: object
      properties:
        species: { type: string }
`;

const block = (src: string, path: string, method: string) =>
  `{% openapi src="${src}" path="${path}" method="${method}" %}\n[spec](${src})\n{% endopenapi %}\n`;

const sectionOf = (html: string, label: string) => parse(html).querySelector(`section.openapi-operation[aria-label="${label}"]`);

describe('swagger blocks (`{% openapi src=… %}`) on the published site', () => {
  let folder: string;
  let root: string;
  let specs: Awaited<ReturnType<typeof startSpecServer>>;
  beforeAll(async () => {
    specs = await startSpecServer();
    specs.json('/petstore.json', PETSTORE_3);
    const org = await newOrganization(server);
    expect((await server.api.post(`/v1/orgs/${org.id}/openapi`, { slug: 'petstore', source: { url: specs.url('/petstore.json') } })).status).toBe(201);
    await waitForProcessed(server.api, `/v1/orgs/${org.id}/openapi/petstore`);

    folder = mkdtempSync(join(tmpdir(), 'folio-swagger-'));
    const files: Record<string, string> = {
      'SUMMARY.md': '* [Home](README.md)\n* [Reference](reference/README.md)\n  * [Animals](reference/animals.md)\n',
      'README.md': '# Home\n',
      'reference/README.md': '# Reference\n',
      'reference/animals.md':
        '# Animals\n\n' +
        block('../.gitbook/assets/zoo.yaml', '/animals/{animalId}', 'get') +
        '\n' +
        block('../.gitbook/assets/zoo.yaml', '/animals', 'delete') +
        '\n' +
        block('../.gitbook/assets/broken.yaml', '/animals/{animalId}', 'get') +
        '\n' +
        block('../.gitbook/assets/not-a-spec.json', '/animals/{animalId}', 'get') +
        '\n' +
        block(specs.url('/petstore.json'), '/pets', 'get') +
        '\n' +
        block('https://elsewhere.example.test/api.yaml', '/pets', 'post'),
      '.gitbook/assets/zoo.yaml': SPEC_YAML,
      '.gitbook/assets/broken.yaml': 'openapi: 3.0.3\npaths: [unclosed\n',
      '.gitbook/assets/not-a-spec.json': '{"paths": {"/animals/{animalId}": {"get": {}}}}',
    };
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(join(folder, path, '..'), { recursive: true });
      writeFileSync(join(folder, path), content);
    }
    const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Zoo' })).body.id as string;
    expect((await server.api.post(`/v1/spaces/${spaceId}/content/import`, { url: pathToFileURL(folder).href, source: 'markdown' })).status).toBe(201);
    const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Zoo', visibility: 'public', spaces: [spaceId] })).body;
    expect((await server.api.post(`/v1/orgs/${org.id}/sites/${site.id}/publish`)).status).toBe(200);
    root = `${server.url}/sites/${site.id}/`;
  });
  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    await specs.close();
  });

  it("renders the operation read from the space's spec file, its references written out", async () => {
    const { status, html } = await siteFetch(`${root}reference/animals`);
    expect(status).toBe(200);
    const operation = sectionOf(html, 'GET /animals/{animalId}');
    expect(operation).not.toBeNull();
    expect(operation!.classList.contains('openapi-missing')).toBe(false);
    expect(operation!.querySelector('.openapi-summary')!.text).toBe('Read one animal');
    expect(operation!.querySelector('.openapi-servers')!.text).toContain('https://zoo.example.test/v1');
    expect(operation!.querySelector('.openapi-parameters tbody tr')!.text).toContain("animalIdpathstringYesThe animal's id");
    expect(operation!.querySelectorAll('.openapi-responses > li').map((li) => li.querySelector('strong')!.text)).toEqual(['200', '404']);
    // The response's `$ref` is written out: the schema's own property is shown.
    expect(operation!.querySelector('.openapi-responses')!.text).toContain('species');
  });

  it('keeps the card for an operation the file lacks, and for a file that is not a readable spec', async () => {
    const { html } = await siteFetch(`${root}reference/animals`);
    const missing = sectionOf(html, 'DELETE /animals');
    expect(missing!.classList.contains('openapi-missing')).toBe(true);
    const cards = parse(html).querySelectorAll('section.openapi-missing[aria-label="GET /animals/{animalId}"]');
    // broken.yaml (not YAML) and not-a-spec.json (no `openapi` or `swagger` version): both name their file.
    expect(cards.map((card) => card.querySelector('a')!.text)).toEqual(['broken.yaml', 'not-a-spec.json']);
  });

  it("renders a URL's operation from the organization's spec fetched from it, and keeps the card for any other URL", async () => {
    const requestedBefore = specs.requested.length;
    const { html } = await siteFetch(`${root}reference/animals`);
    const pets = sectionOf(html, 'GET /pets');
    expect(pets!.classList.contains('openapi-missing')).toBe(false);
    expect(pets!.querySelector('.openapi-summary')!.text).toBe('List pets');
    expect(sectionOf(html, 'POST /pets')!.classList.contains('openapi-missing')).toBe(true);
    // Rendering the page fetched nothing.
    expect(specs.requested.length).toBe(requestedBefore);
  });
});
