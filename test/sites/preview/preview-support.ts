import type { TestServer } from '../../support/server';

/** A space whose main content has these pages, written through a merged change request (as /v1 allows). */
/** A page to insert; `ref` names it for a later page's `into` (its parent). */
export interface PageSpec {
  title: string;
  markdown: string;
  ref?: string;
  into?: string;
  hidden?: boolean;
}

export async function spaceWithPages(server: TestServer, orgId: string, title: string, pages: PageSpec[]) {
  const space = (await server.api.post(`/v1/orgs/${orgId}/spaces`, { title })).body as { id: string };
  const cr = (await server.api.post(`/v1/spaces/${space.id}/change-requests`, {})).body as { id: string };
  const inserted = await server.api.post(`/v1/spaces/${space.id}/change-requests/${cr.id}/content?compat=false`, {
    changes: pages.map(({ markdown, ...page }) => ({ operation: 'insert_page', ...page, document: { markdown } })),
  });
  if (inserted.status !== 200) throw new Error(`insert failed: ${JSON.stringify(inserted.body)}`);
  const merged = await server.api.post(`/v1/spaces/${space.id}/change-requests/${cr.id}/merge`);
  if (merged.status !== 200) throw new Error(`merge failed: ${JSON.stringify(merged.body)}`);
  const created = (inserted.body.changes as Array<{ page: { id: string } }>).map((change) => ({ id: change.page.id }));
  return { id: space.id, pages: created };
}

/** A plain browser-like GET of a site page: HTML, not the JSON API (no spec to validate against). */
export async function siteFetch(url: string, headers: Record<string, string> = {}, redirect: RequestRedirect = 'follow') {
  const res = await fetch(url, { headers, redirect });
  return { status: res.status, headers: res.headers, html: await res.text() };
}
