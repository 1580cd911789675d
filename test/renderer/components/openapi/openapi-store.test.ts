import { describe, expect, it, vi } from 'vitest';
import { formatLocation, parseLocation } from '../../../../src-renderer/src/stores/location-sync';
import { createNavigationStore } from '../../../../src-renderer/src/stores/navigation-store';
import { checkSlug, type OpenAPISpec, type OpenAPISpecVersion, POLL_MS, suggestSlug } from '../../../../src-renderer/src/components/openapi/openapi-model';
import { OperationCache, OPERATION_TTL_MS } from '../../../../src-renderer/src/components/openapi/openapi-operations';
import { createOpenAPIStore, type OpenAPIClient } from '../../../../src-renderer/src/components/openapi/openapi-store';
import { page, serverError } from '../../fake-client';

const ORG = 'org-acme';

function spec(slug: string, extra: Partial<OpenAPISpec> = {}): OpenAPISpec {
  return {
    object: 'openapi-spec',
    id: `spec-${slug}`,
    slug,
    processingState: 'pending',
    visibility: 'private',
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    permissions: { view: true, edit: true },
    urls: { location: '', app: '' },
    ...extra,
  } as OpenAPISpec;
}

const version = (id: string) => ({ object: 'openapi-spec-version', id, createdAt: '2026-03-01T10:00:00.000Z', url: '', urls: { location: '' } }) as OpenAPISpecVersion;

/** A client over plain data, and a schedule the test runs by hand (the store's polls). */
function setup(specs: OpenAPISpec[] = [spec('petstore', { processingState: 'complete', lastVersion: 'v1' })]) {
  const versions: Record<string, OpenAPISpecVersion[]> = { petstore: [version('v1')] };
  const find = (slug: string) => {
    const found = specs.find((s) => s.slug === slug);
    if (!found) throw serverError(`OpenAPI spec "${slug}" not found`);
    return found;
  };
  const client = {
    openapi: {
      list: { query: vi.fn(async (_input: { organizationId: string; limit?: number; page?: string }) => page([...specs])) },
      get: { query: vi.fn(async (input: { organizationId: string; slug: string }) => find(input.slug)) },
      create: {
        mutate: vi.fn(async (input: { organizationId: string; slug: string; source: { url?: string; text?: string } }) => {
          const made = spec(input.slug, input.source.url ? { sourceURL: input.source.url } : {});
          specs.push(made);
          return made;
        }),
      },
      createOrUpdate: {
        mutate: vi.fn(async (input: { organizationId: string; slug: string; source: { url?: string; text?: string } }) => {
          const changed = { ...find(input.slug), processingState: 'pending' as const };
          specs.splice(specs.indexOf(find(input.slug)), 1, changed);
          return { created: false, spec: changed };
        }),
      },
      delete: {
        mutate: vi.fn(async (input: { organizationId: string; slug: string }) => {
          specs.splice(specs.indexOf(find(input.slug)), 1);
          return { deleted: true };
        }),
      },
      versions: { list: { query: vi.fn(async (input: { organizationId: string; slug: string }) => page([...(versions[input.slug] ?? [])])) } },
      operation: { query: vi.fn(async (_input: { organizationId: string; slug: string; path: string; method: string }): Promise<null> => null) },
    },
  } satisfies OpenAPIClient;
  const polls: Array<{ run: () => void; ms: number; cancelled: boolean }> = [];
  const schedule = (run: () => void, ms: number) => {
    const entry = { run, ms, cancelled: false };
    polls.push(entry);
    return () => {
      entry.cancelled = true;
    };
  };
  /** Runs the poll waiting (there is at most one), and lets its reads settle. */
  const runPoll = async () => {
    const waiting = polls.filter((p) => !p.cancelled);
    polls.length = 0;
    expect(waiting).toHaveLength(1);
    waiting[0]!.run();
    await vi.waitFor(() => expect(client.openapi.get.query.mock.results.at(-1)?.type).not.toBe('incomplete'));
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  const pollsWaiting = () => polls.filter((p) => !p.cancelled).length;
  const store = createOpenAPIStore({ client, onUnauthorized: vi.fn(), navigation: createNavigationStore(), schedule });
  return { store, client, specs, versions, polls, runPoll, pollsWaiting };
}

describe('the OpenAPI specs store', () => {
  it('shows the organization’s specs, and a spec with its versions', async () => {
    const { store, client } = setup();
    await store.getState().show(ORG);
    expect(store.getState().specs).toMatchObject({ status: 'ready', count: 1 });
    await store.getState().show(ORG, 'petstore');
    expect(store.getState().spec).toMatchObject({ status: 'ready', value: { slug: 'petstore' } });
    expect(store.getState().versions).toMatchObject({ status: 'ready', value: { count: 1, items: [{ id: 'v1' }] } });
    expect(client.openapi.versions.list.query).toHaveBeenCalledWith({ organizationId: ORG, slug: 'petstore', limit: 50 });
  });

  it('refuses a slug outside the pattern without asking the server', async () => {
    const { store, client } = setup();
    await store.getState().show(ORG);
    expect(await store.getState().createSpec({ slug: 'Pet Store', source: { kind: 'text', value: 'openapi: 3.0.0' } })).toBeUndefined();
    expect(store.getState().errors.create).toMatch(/^slug: must be lowercase letters and digits/);
    expect(await store.getState().createSpec({ slug: 'petstore-2', source: { kind: 'url', value: 'ftp://example.com/x' } })).toBeUndefined();
    expect(store.getState().errors.create).toBe('source.url: must be an http(s) address');
    expect(client.openapi.create.mutate).not.toHaveBeenCalled();
  });

  it('adds a spec from pasted text, opens it, and reads it every second while it is processed', async () => {
    const { store, client, specs, versions, runPoll, pollsWaiting, polls } = setup([]);
    await store.getState().show(ORG);
    expect(pollsWaiting()).toBe(0);
    const made = await store.getState().createSpec({ slug: ' petstore ', source: { kind: 'text', value: 'openapi: 3.0.0' } });
    expect(client.openapi.create.mutate).toHaveBeenCalledWith({ organizationId: ORG, slug: 'petstore', source: { text: 'openapi: 3.0.0' } });
    expect(store.getState().screen).toEqual({ organizationId: ORG, slug: made!.slug });
    expect(store.getState().notice).toBe('Added the spec “petstore”; processing it.');
    expect(polls[0]!.ms).toBe(POLL_MS);

    specs[0] = { ...specs[0]!, processingState: 'progress' };
    await runPoll();
    expect(store.getState().spec).toMatchObject({ value: { processingState: 'progress' } });

    specs[0] = { ...specs[0]!, processingState: 'complete', lastVersion: 'v9', lastProcessedAt: '2026-03-01T10:00:01.000Z' };
    versions.petstore = [version('v9')];
    await runPoll();
    expect(store.getState().spec).toMatchObject({ value: { processingState: 'complete', lastVersion: 'v9' } });
    // The new version is listed, and nothing is read again once processing is complete.
    await vi.waitFor(() => expect(store.getState().versions).toMatchObject({ value: { items: [{ id: 'v9' }] } }));
    expect(pollsWaiting()).toBe(0);
  });

  it('stops reading a spec being processed when the screen closes', async () => {
    const { store, pollsWaiting } = setup([spec('petstore', { processingState: 'pending' })]);
    await store.getState().show(ORG);
    expect(pollsWaiting()).toBe(1);
    store.getState().close();
    expect(pollsWaiting()).toBe(0);
  });

  it('processes the spec again from a new source, and deletes it back to the list', async () => {
    const { store, client, specs } = setup();
    await store.getState().show(ORG, 'petstore');
    expect(await store.getState().updateSource({ kind: 'url', value: 'https://example.com/v2.yaml' })).toBe(true);
    expect(client.openapi.createOrUpdate.mutate).toHaveBeenCalledWith({ organizationId: ORG, slug: 'petstore', source: { url: 'https://example.com/v2.yaml' } });
    expect(store.getState().spec).toMatchObject({ value: { processingState: 'pending' } });

    expect(await store.getState().deleteSpec()).toBe(true);
    expect(store.getState().screen).toEqual({ organizationId: ORG });
    expect(specs).toEqual([]);
    expect(store.getState().notice).toBe('Deleted the spec “petstore”.');
  });

  it('shows the server’s refusal of a write next to its form', async () => {
    const { store, client } = setup();
    await store.getState().show(ORG);
    client.openapi.create.mutate.mockRejectedValueOnce(serverError('slug: "petstore" is already taken', 'CONFLICT', 409));
    await store.getState().createSpec({ slug: 'petstore', source: { kind: 'text', value: '{}' } });
    expect(store.getState().errors.create).toBe('slug: "petstore" is already taken');
    expect(store.getState().pending.create).toBe(false);
  });

  it('reads an operation once for the preview, and a missing spec as a missing operation', async () => {
    const { store, client } = setup();
    const ref = { organizationId: ORG, slug: 'petstore', path: '/pets', method: 'GET' };
    expect(store.getState().peekOperation(ref)).toBeUndefined();
    expect(await store.getState().operation(ref)).toEqual({ status: 'ready', operation: null });
    expect(await store.getState().operation({ ...ref, method: 'get' })).toEqual({ status: 'ready', operation: null });
    expect(client.openapi.operation.query).toHaveBeenCalledTimes(1);
    expect(store.getState().peekOperation(ref)).toEqual({ status: 'ready', operation: null });

    client.openapi.operation.query.mockRejectedValueOnce(serverError('OpenAPI spec "gone" not found'));
    expect(await store.getState().operation({ ...ref, slug: 'gone' })).toEqual({ status: 'ready', operation: null });
    client.openapi.operation.query.mockRejectedValueOnce(serverError('Database is busy', 'INTERNAL_SERVER_ERROR', 500));
    expect(await store.getState().operation({ ...ref, slug: 'busy' })).toEqual({ status: 'error', message: 'Database is busy' });
  });
});

describe('the operation cache', () => {
  it('reads an operation again once it is older than its time to live', async () => {
    let now = 0;
    const fetch = vi.fn(async () => ({ status: 'ready' as const, operation: null }));
    const cache = new OperationCache(fetch, () => now);
    const ref = { organizationId: ORG, slug: 'petstore', path: '/pets', method: 'get' };
    await cache.load(ref);
    now = OPERATION_TTL_MS;
    await cache.load(ref);
    expect(fetch).toHaveBeenCalledTimes(1);
    now = OPERATION_TTL_MS + 1;
    await cache.load(ref);
    expect(fetch).toHaveBeenCalledTimes(2);
    cache.forgetSpec(ORG, 'petstore');
    expect(cache.peek(ref)).toBeUndefined();
  });
});

describe('the OpenAPI rules', () => {
  it('accepts slugs of the pattern only, and suggests one from a file name', () => {
    expect(checkSlug('petstore-v2')).toEqual({ slug: 'petstore-v2' });
    expect(checkSlug('pet--store')).toHaveProperty('error');
    expect(checkSlug('-pets')).toHaveProperty('error');
    expect(checkSlug('a'.repeat(101))).toEqual({ error: 'slug: at most 100 characters' });
    expect(suggestSlug('https://example.com/specs/Pet Store v2.yaml')).toBe('pet-store-v2');
  });

  it('gives the API specs screen an address of its own', () => {
    expect(formatLocation({ openapiOf: ORG })).toBe(`#/orgs/${ORG}/openapi`);
    expect(formatLocation({ openapiOf: ORG, specSlug: 'petstore' })).toBe(`#/orgs/${ORG}/openapi/petstore`);
    expect(parseLocation(`#/orgs/${ORG}/openapi/petstore`)).toEqual({ openapiOf: ORG, specSlug: 'petstore' });
    expect(formatLocation({ integrationsOf: ORG })).toBe(`#/orgs/${ORG}/integrations`);
    expect(parseLocation(`#/orgs/${ORG}/integrations`)).toEqual({ integrationsOf: ORG });
  });
});
