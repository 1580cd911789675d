import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CORPUS, REPOSITORIES } from '../support/gitbook-corpus';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

/**
 * GitBook writes a link whose target it lost as `broken-reference`: those are broken in the source.
 * Imported, a repository must have no other broken link (a relative link from a README, from a page
 * under a `##` group, to an anchor, to an asset all resolve).
 */
const server = useTestServer({ config: { allowFileImports: true } });

async function brokenLinks(repository: string): Promise<{ total: number; broken: string[] }> {
  const org = await newOrganization(server);
  const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: repository })).body.id as string;
  const imported = await server.api.post(`/v1/spaces/${spaceId}/content/import`, { url: pathToFileURL(`${CORPUS}/${repository}`).href, source: 'markdown' });
  expect(imported.status).toBe(201);
  const broken: string[] = [];
  let total = 0;
  let page: string | undefined;
  do {
    const res = await server.api.get(`/v1/spaces/${spaceId}/links?limit=1000${page ? `&page=${page}` : ''}`);
    expect(res.status).toBe(200);
    for (const link of res.body.items as Array<{ status: string; targetReference: { kind: string; url?: string }; locationReferences: Array<{ page?: { path: string } }> }>) {
      total += 1;
      if (link.status !== 'broken') continue;
      broken.push(`${link.targetReference.url} <- ${link.locationReferences.map((l) => l.page?.path).join(', ')}`);
    }
    page = res.body.next?.page as string | undefined;
  } while (page);
  return { total, broken };
}

describe('links of the Git Sync corpus, imported', () => {
  for (const repository of REPOSITORIES) {
    it(`are broken in ${repository} only where GitBook wrote the link as broken`, { timeout: 120_000 }, async () => {
      const { total, broken } = await brokenLinks(repository);
      expect(total).toBeGreaterThan(500);
      expect(broken.filter((link) => !link.startsWith('broken-reference '))).toEqual([]);
    });
  }
});
