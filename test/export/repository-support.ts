import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { unzipSync } from 'fflate';
import { expect } from 'vitest';
import { newOrganization } from '../support/org';
import type { TestServer } from '../support/server';
import { findOperation } from '../support/spec';
import { trpcClient } from '../trpc/client';

/** A repository as files: path → bytes. */
export type Files = Map<string, Uint8Array>;

const decoder = new TextDecoder();
export const text = (bytes: Uint8Array | undefined) => (bytes ? decoder.decode(bytes) : undefined);

/** Every file under a folder, paths relative to it ('/'-separated). */
export function readFolder(folder: string): Files {
  const files: Files = new Map();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.set(relative(folder, path).split('\\').join('/'), new Uint8Array(readFileSync(path)));
    }
  };
  walk(folder);
  return files;
}

export async function newSpace(server: TestServer): Promise<string> {
  const org = await newOrganization(server);
  return (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Exported docs' })).body.id as string;
}

/** Runs an import job to its end (a deadline, not a count of polls: a loaded machine may take seconds). */
async function finish(server: TestServer, jobId: string) {
  const trpc = trpcClient(server.url, server.owner.token);
  const giveUp = Date.now() + 100_000;
  let status = await trpc.content.importStatus.query({ jobId });
  while (status.state === 'running' && Date.now() < giveUp) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    status = await trpc.content.importStatus.query({ jobId });
  }
  expect(status).toMatchObject({ state: 'done' });
  return status.result!;
}

/** Imports a folder into a new space, as the app does. */
export async function importFolder(server: TestServer, folder: string) {
  const spaceId = await newSpace(server);
  const trpc = trpcClient(server.url, server.owner.token);
  const { jobId } = await trpc.content.startImport.mutate({ spaceId, url: pathToFileURL(folder).href, source: 'markdown' });
  return { spaceId, result: await finish(server, jobId) };
}

/** Imports a zip (an export) into a new space, as the app uploads one. */
export async function importZip(server: TestServer, zip: Uint8Array) {
  const spaceId = await newSpace(server);
  const trpc = trpcClient(server.url, server.owner.token);
  const data = Buffer.from(zip).toString('base64');
  const { jobId } = await trpc.content.startUploadImport.mutate({ spaceId, source: 'zip', name: 'export.zip', data });
  return { spaceId, result: await finish(server, jobId) };
}

/**
 * GET /v1/spaces/{spaceId}/content/export: the zip's bytes. The test client reads bodies as text, so
 * this one fetches itself and checks the answer against the operation the spec (Folio's extensions)
 * documents: its status and media type.
 */
export async function exportZip(server: TestServer, spaceId: string): Promise<Uint8Array> {
  const path = `/v1/spaces/${spaceId}/content/export`;
  const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${server.owner.token}` } });
  expect(response.status).toBe(200);
  const operation = findOperation('GET', path, 'latest');
  if (!operation) throw new Error(`GET ${path} is not documented in docs/folio-extensions.openapi.json`);
  const documented = (operation.spec.doc.paths[operation.template]!.get as { responses: Record<string, { content?: object }> }).responses['200']!;
  expect(Object.keys(documented.content ?? {})).toEqual([response.headers.get('content-type')]);
  return new Uint8Array(await response.arrayBuffer());
}

export function unzip(zip: Uint8Array): Files {
  return new Map(Object.entries(unzipSync(zip)));
}
