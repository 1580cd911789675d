import { serviceContext } from '../../src-main/app/app';
import { createPage } from '../../src-main/content/pages-service';
import { getUserById } from '../../src-main/store/users';
import { newOrganization } from '../support/org';
import type { TestServer } from '../support/server';

/** An organization with one space holding one page, created by the server's owner. */
export async function spaceWithPage(server: TestServer, title = 'Guide') {
  const org = await newOrganization(server);
  const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Docs' })).body.id as string;
  const pageId = addPage(server, spaceId, title);
  return { org, spaceId, pageId, comments: `/v1/spaces/${spaceId}/comments` };
}

/** A page made through the content service, as the owner (pages have no REST create in GitBook's API). */
export function addPage(server: TestServer, spaceId: string, title: string, changeRequestId?: string): string {
  const owner = serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);
  return createPage(owner, spaceId, { title, markdown: `# ${title}\n\nText.` }, changeRequestId).pageId;
}

export const md = (markdown: string) => ({ markdown });
