import { beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import type { ServiceContext } from '../../src-main/app/context';
import { createPage } from '../../src-main/content/pages-service';
import { getUserById } from '../../src-main/store/users';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();
let owner: ServiceContext;
beforeAll(() => {
  owner = serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);
});

/** A space whose nested page links a file the way the editor writes it: from the top of the repository. */
async function spaceWithNestedImage() {
  const org = await newOrganization(server);
  const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Docs' })).body as { id: string };
  createPage(owner, space.id, { title: 'Welcome', markdown: '![Logo](.gitbook/assets/logo.png)\n' });
  const guides = createPage(owner, space.id, { title: 'Guides' }).pageId;
  const body = 'Here:\n\n![Diagram](.gitbook/assets/diagram.png)\n\n<img src=".gitbook/assets/diagram.png" alt="">\n';
  const setup = createPage(owner, space.id, { title: 'Setup', parent: guides, markdown: body }).pageId;
  return { spaceId: space.id, setup };
}

describe('page markdown as Git Sync writes it', () => {
  it('writes links to files relative to the page file, as the exported file holds them', async () => {
    const { spaceId, setup } = await spaceWithNestedImage();
    const page = await server.api.get(`/v1/spaces/${spaceId}/content/page/${setup}?format=markdown`);
    expect(page.status).toBe(200);
    expect(page.body.markdown).toBe('Here:\n\n![Diagram](../.gitbook/assets/diagram.png)\n\n<img src="../.gitbook/assets/diagram.png" alt="">\n');

    // The page file is a download (markdown, not JSON): read it as a script would.
    const file = await fetch(`${server.url}/v1/spaces/${spaceId}/content/page/${setup}/export`, { headers: { authorization: `Bearer ${server.owner.token}` } });
    expect(file.status).toBe(200);
    expect((await file.text()).endsWith(`# Setup\n\n${page.body.markdown}`)).toBe(true);
  });

  it('leaves the first page, README.md at the top, as written', async () => {
    const { spaceId } = await spaceWithNestedImage();
    const tree = await server.api.get(`/v1/spaces/${spaceId}/content/pages`);
    expect(tree.body.pages[0].markdown).toBe('![Logo](.gitbook/assets/logo.png)\n');
    expect(tree.body.pages[1].pages[0].markdown).toContain('](../.gitbook/assets/diagram.png)');
  });

  it('writes the same at a revision and resolves the relative link to the same file', async () => {
    const { spaceId, setup } = await spaceWithNestedImage();
    const { revision } = (await server.api.get(`/v1/spaces/${spaceId}`)).body as { revision: string };
    const atRevision = await server.api.get(`/v1/spaces/${spaceId}/revisions/${revision}/page/${setup}?format=markdown`);
    expect(atRevision.body.markdown).toContain('](../.gitbook/assets/diagram.png)');
  });
});
