import type { BrowserHarness } from './harness';

/** Adds pages to a space's main content the GitBook way (a change request, its edits, a merge); answers their ids in order. */
export async function seedPages(h: BrowserHarness, spaceId: string, pages: Array<{ title: string; markdown: string }>): Promise<string[]> {
  const cr = await h.api<{ id: string }>('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Seed pages' });
  const changes = pages.map(({ title, markdown }) => ({ operation: 'insert_page', title, document: { markdown } }));
  const result = await h.api<{ changes: Array<{ page: { id: string } }> }>('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/content?compat=false`, { changes });
  await h.api('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`);
  return result.changes.map((change) => change.page.id);
}
