import { describe, expect, it } from 'vitest';
import { parse } from 'node-html-parser';
import { serviceContext } from '../../../src-main/app/app';
import { uploadFile } from '../../../src-main/files/service';
import { getUserById } from '../../../src-main/store/users';
import { pngImage } from '../../support/images';
import { newOrganization } from '../../support/org';
import { useTestServer } from '../../support/server';
import { siteFetch, spaceWithPages } from './preview-support';

const server = useTestServer();

describe("a published page's links", () => {
  it("lead to the published pages, headings and files of the space, and content-refs carry the page's title", async () => {
    const org = await newOrganization(server);
    const space = await spaceWithPages(server, org.id, 'Guide', [
      {
        title: 'Welcome',
        markdown:
          'See [the install](install.md), [its requirements](install.md#requirements) and [below](#later).\n\n' +
          '![Chart](.gitbook/assets/chart.png)\n\n{% content-ref url="install.md" %}\n[install.md](install.md)\n{% endcontent-ref %}\n\n## Later\n',
      },
      { title: 'Install', markdown: '## Requirements\n\nNode.' },
    ]);
    const owner = serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);
    uploadFile(owner, space.id, { name: 'chart.png', contentType: 'image/png', bytes: pngImage(2, 2) });
    const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs', visibility: 'public', spaces: [space.id] })).body;
    await server.api.post(`/v1/orgs/${org.id}/sites/${site.id}/publish`);
    const root = `/sites/${site.id}/`;

    const page = parse((await siteFetch(`${server.url}${root}`)).html).querySelector('.markdown')!;
    expect(page.querySelectorAll('p a').map((a) => a.getAttribute('href'))).toEqual([`${root}install`, `${root}install#requirements`, '#later']);
    expect(page.querySelector('h2')!.id).toBe('later');
    const src = page.querySelector('figure img')!.getAttribute('src')!;
    expect(src).toMatch(new RegExp(`^${root}~files/[^/]+/chart\\.png$`));
    expect((await fetch(`${server.url}${src}`)).status).toBe(200);
    const card = page.querySelector('a.content-ref')!;
    expect(card.getAttribute('href')).toBe(`${root}install`);
    expect(card.querySelector('.card-link-title')!.text).toBe('Install');
  });
});
