import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { serviceContext } from '../../../src-main/app/app';
import { createReusableContent } from '../../../src-main/content/reusable-contents-service';
import { getUserById } from '../../../src-main/store/users';
import { newOrganization } from '../../support/org';
import { useTestServer } from '../../support/server';
import { siteFetch, spaceWithPages } from './preview-support';

const server = useTestServer();

describe('reusable contents on the published site', () => {
  it('are rendered in place of their includes, from any folder, and a missing one shows nothing', async () => {
    const org = await newOrganization(server);
    const space = await spaceWithPages(server, org.id, 'Guide', [
      {
        title: 'Welcome',
        markdown: 'Before.\n\n{% include "../.gitbook/includes/support.md" %}\n\n{% include ".gitbook/includes/gone.md" %}\n\nAfter.\n',
      },
    ]);
    const owner = serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);
    createReusableContent(owner, space.id, { title: 'Support', markdown: '## Get support\n\nWrite to [us](https://example.com).\n' });
    const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs', visibility: 'public', spaces: [space.id] })).body;
    await server.api.post(`/v1/orgs/${org.id}/sites/${site.id}/publish`);

    const page = parse((await siteFetch(`${server.url}/sites/${site.id}/`)).html).querySelector('.markdown')!;
    const included = page.querySelector('.reusable-content')!;
    expect(included.querySelector('h2')!.text).toBe('Get support');
    expect(included.querySelector('a')!.getAttribute('href')).toBe('https://example.com');
    expect(page.text).toContain('Before.');
    expect(page.text).toContain('After.');
    expect(page.text).not.toContain('include');
    expect(page.querySelectorAll('.reusable-content')).toHaveLength(1);
  });
});
