import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAPIProcessor } from '../../src-main/openapi/jobs';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { INVALID_3, PETSTORE_3, PETSTORE_YAML, startSpecServer, SWAGGER_2, waitForProcessed, waitForState } from './support';

const server = useTestServer();
let specs: Awaited<ReturnType<typeof startSpecServer>>;

beforeAll(async () => {
  specs = await startSpecServer();
  specs.json('/petstore.json', PETSTORE_3);
  specs.text('/petstore.yaml', PETSTORE_YAML);
  specs.json('/swagger.json', SWAGGER_2);
  specs.json('/invalid.json', INVALID_3);
  specs.text('/garbage.yaml', '{ openapi: [unclosed', 'text/plain');
});
afterAll(() => specs.close());

async function create(slug: string, source: { url: string } | { text: string }) {
  const org = await newOrganization(server);
  const path = `/v1/orgs/${org.id}/openapi/${slug}`;
  const created = await server.api.post(`/v1/orgs/${org.id}/openapi`, { slug, source });
  expect(created.status).toBe(201);
  return { org, path, created: created.body };
}

async function contentOf(path: string) {
  const res = await server.api.get(`${path}/versions/latest/content`);
  expect(res.status).toBe(200);
  return Object.values(res.body.filesystem as Record<string, Record<string, any>>)[0]!;
}

describe('OpenAPI processing', () => {
  it('answers pending at once, shows progress while fetching, then completes with a version', async () => {
    const held = specs.hold('/held.json');
    const { path, created } = await create('held', { url: specs.url('/held.json') });
    expect(created.processingState).toBe('pending');
    expect(created.lastVersion).toBeUndefined();
    await waitForState(server.api, path, 'progress');
    held.release(PETSTORE_3);
    const done = await waitForProcessed(server.api, path);
    expect(done.lastVersion).toEqual(expect.any(String));
    expect(done.lastProcessedAt).toEqual(expect.any(String));
    expect(done.lastProcessErrorCode).toBeUndefined();
  });

  it('processes a JSON OpenAPI 3.0 document from a URL, keeping internal references', async () => {
    const { path } = await create('json-pets', { url: specs.url('/petstore.json') });
    const done = await waitForProcessed(server.api, path);
    expect(done.sourceURL).toBe(specs.url('/petstore.json'));
    const document = await contentOf(path);
    expect(document.info).toEqual({ title: 'Petstore', version: '1.0.0' });
    expect(document.paths['/pets'].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Pets' });
  });

  it('processes a YAML OpenAPI 3.1 document from a URL', async () => {
    const { path } = await create('yaml-pets', { url: specs.url('/petstore.yaml') });
    await waitForProcessed(server.api, path);
    const res = await server.api.get(`${path}/versions/latest/content`);
    expect(Object.keys(res.body.filesystem)).toEqual(['petstore.json']);
    expect((await contentOf(path)).paths['/pets/{petId}'].get.summary).toBe('One pet');
  });

  it('processes a Swagger 2.0 document', async () => {
    const { path } = await create('swagger', { url: specs.url('/swagger.json') });
    const done = await waitForProcessed(server.api, path);
    expect(done.lastProcessErrorCode).toBeUndefined();
    expect((await contentOf(path)).swagger).toBe('2.0');
  });

  it('processes a pasted text, JSON or YAML', async () => {
    const json = await create('pasted-json', { text: JSON.stringify(PETSTORE_3) });
    const yaml = await create('pasted-yaml', { text: PETSTORE_YAML });
    expect(json.created.sourceURL).toBeUndefined();
    await waitForProcessed(server.api, json.path);
    await waitForProcessed(server.api, yaml.path);
    expect((await contentOf(json.path)).info.title).toBe('Petstore');
    expect((await contentOf(yaml.path)).info.title).toBe('Yaml pets');
    const latest = (await server.api.get(`${json.path}/versions/latest`)).body;
    expect(latest.url).toBe(`${latest.urls.location}/content`);
  });

  it('fails with PARSE_ERROR on an invalid document, an unparseable one, and a pasted text that is no spec', async () => {
    const invalid = await create('invalid', { url: specs.url('/invalid.json') });
    const garbage = await create('garbage', { url: specs.url('/garbage.yaml') });
    const prose = await create('prose', { text: 'Just some words.' });
    for (const { path } of [invalid, garbage, prose]) {
      const done = await waitForProcessed(server.api, path);
      expect(done.lastProcessErrorCode).toBe('PARSE_ERROR');
      expect(done.lastVersion).toBeUndefined();
      expect(done.lastProcessedAt).toEqual(expect.any(String));
      expect((await server.api.get(`${path}/versions/latest`)).status).toBe(404);
    }
  });

  it('fails with FETCH_ERROR when the URL answers an error or nothing listens', async () => {
    const missing = await create('missing', { url: specs.url('/nothing-here.json') });
    const closed = await create('closed', { url: 'http://127.0.0.1:1/spec.json' });
    for (const { path } of [missing, closed]) expect((await waitForProcessed(server.api, path)).lastProcessErrorCode).toBe('FETCH_ERROR');
  });

  it('fails with FETCH_TIMEOUT when the server never answers', async () => {
    specs.hang('/hang.json');
    openAPIProcessor(server.app).configure({ timeoutMs: 300 });
    try {
      const { path } = await create('hanging', { url: specs.url('/hang.json') });
      expect((await waitForProcessed(server.api, path)).lastProcessErrorCode).toBe('FETCH_TIMEOUT');
    } finally {
      openAPIProcessor(server.app).configure({ timeoutMs: 10_000 });
    }
  });

  it('keeps every result as a version, and the previous version when a new processing fails', async () => {
    specs.json('/changing.json', PETSTORE_3);
    const { path } = await create('changing', { url: specs.url('/changing.json') });
    const first = await waitForProcessed(server.api, path);

    specs.json('/changing.json', { ...PETSTORE_3, info: { title: 'Petstore', version: '2.0.0' } });
    const put = await server.api.put(path, { source: { url: specs.url('/changing.json') } });
    expect(put.status).toBe(200);
    expect(put.body.processingState).toBe('pending');
    const second = await waitForProcessed(server.api, path);
    expect(second.lastVersion).not.toBe(first.lastVersion);
    expect((await contentOf(path)).info.version).toBe('2.0.0');

    specs.json('/changing.json', INVALID_3);
    await server.api.put(path, { source: { url: specs.url('/changing.json') } });
    const failed = await waitForProcessed(server.api, path);
    expect(failed.lastProcessErrorCode).toBe('PARSE_ERROR');
    expect(failed.lastVersion).toBe(second.lastVersion);
    expect((await contentOf(path)).info.version).toBe('2.0.0');

    const versions = await server.api.get(`${path}/versions`);
    expect(versions.body.items.map((v: { id: string }) => v.id)).toEqual([second.lastVersion, first.lastVersion]);
    expect(versions.body.items[0].url).toBe(specs.url('/changing.json'));
    const old = await server.api.get(`${path}/versions/${first.lastVersion}/content`);
    expect(Object.values(old.body.filesystem as Record<string, any>)[0].info.version).toBe('1.0.0');

    // A success after the failure clears the error.
    specs.json('/changing.json', PETSTORE_3);
    await server.api.put(path, { source: { url: specs.url('/changing.json') } });
    expect((await waitForProcessed(server.api, path)).lastProcessErrorCode).toBeUndefined();
  });
});

describe('OpenAPI references', () => {
  const withRef = (ref: string) => ({
    ...PETSTORE_3,
    paths: { '/pets': { get: { summary: 'x', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: ref } } } } } } } },
  });

  it('bundles references to files on the same origin as the specification', async () => {
    specs.json('/multi/entry.json', withRef('./schemas.json#/Pet'));
    specs.json('/multi/schemas.json', { Pet: { type: 'object', properties: { name: { type: 'string' } } } });
    const { path } = await create('multi-file', { url: specs.url('/multi/entry.json') });
    expect((await waitForProcessed(server.api, path)).lastProcessErrorCode).toBeUndefined();
    const schema = (await contentOf(path)).paths['/pets'].get.responses['200'].content['application/json'].schema;
    expect(schema).toEqual({ type: 'object', properties: { name: { type: 'string' } } });
  });

  it('refuses references to another origin and to local files, without reading them', async () => {
    specs.json('/other-origin.json', withRef(`http://localhost:${specs.port}/elsewhere.json#/Pet`));
    specs.json('/local-file.json', withRef('file:///etc/hostname'));
    const pasted = await create('pasted-ref', { text: JSON.stringify(withRef(specs.url('/pasted-target.json'))) });
    const other = await create('other-origin', { url: specs.url('/other-origin.json') });
    const local = await create('local-file', { url: specs.url('/local-file.json') });
    for (const { path } of [other, local, pasted]) {
      const done = await waitForProcessed(server.api, path);
      expect(done.lastProcessErrorCode).toBe('PARSE_ERROR');
    }
    expect(specs.requested).not.toContain('/elsewhere.json');
    expect(specs.requested).not.toContain('/pasted-target.json');
  });
});
