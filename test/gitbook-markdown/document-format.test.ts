import { beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import type { ServiceContext } from '../../src-main/app/context';
import { createPage, setPageMarkdown } from '../../src-main/content/pages-service';
import { getUserById } from '../../src-main/store/users';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { assertMatchesSchema } from '../support/spec';
import { outline } from './support';

// Every response below is checked against GitBook's spec by the api client (RevisionPage, whose
// body is exactly one of markdown, document or nothing).
const server = useTestServer();
let owner: ServiceContext;
beforeAll(() => {
  owner = serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);
});

const BODY = [
  '# Install',
  'Run **this** with [npm](https://npmjs.com):',
  '```sh\nnpm ci\n```',
  '- [x] cloned\n- [ ] built',
  '{% hint style="success" %}\nAll set.\n{% endhint %}',
  '| OS | Supported |\n|----|:---------:|\n| Linux | yes |',
  '![Screenshot](https://example.com/s.png)',
  '> Quoted\n\n---',
].join('\n\n');

async function spaceWithPages() {
  const org = await newOrganization(server);
  const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Docs' })).body as { id: string };
  const guide = createPage(owner, space.id, { title: 'Guide', markdown: BODY });
  createPage(owner, space.id, { title: 'Child', parent: guide.pageId, markdown: 'child *body*' });
  return { spaceId: space.id, pageId: guide.pageId, revisionId: guide.revision!.id };
}

const EXPECTED = [
  ['heading-1', 'Install'],
  ['paragraph', 'Run this with npm:'],
  ['code', 'npm ci'],
  ['list-tasks', [['list-item', [['paragraph', 'cloned']]], ['list-item', [['paragraph', 'built']]]]],
  ['hint', [['paragraph', 'All set.']]],
  'table',
  ['images', ['https://example.com/s.png']],
  ['blockquote', [['paragraph', 'Quoted']]],
  'divider',
];

describe('format=document on page reads', () => {
  it('answers GitBook JSON documents by page id and by path, now and at a revision', async () => {
    const { spaceId, pageId, revisionId } = await spaceWithPages();
    setPageMarkdown(owner, spaceId, pageId, '# Changed later\n');
    const now = await server.api.get(`/v1/spaces/${spaceId}/content/page/${pageId}?format=document`);
    expect(now.status).toBe(200);
    expect(now.body.markdown).toBeUndefined();
    expect(now.body.document).toMatchObject({ object: 'document', data: {} });
    expect(outline(now.body.document.nodes)).toEqual([['heading-1', 'Changed later']]);
    const byPath = await server.api.get(`/v1/spaces/${spaceId}/content/path/guide?format=document`);
    expect(byPath.body.document).toEqual(now.body.document);

    const old = await server.api.get(`/v1/spaces/${spaceId}/revisions/${revisionId}/page/${pageId}?format=document`);
    expect(old.status).toBe(200);
    expect(outline(old.body.document.nodes)).toEqual(EXPECTED);
    const oldByPath = await server.api.get(`/v1/spaces/${spaceId}/revisions/${revisionId}/path/guide?format=document`);
    expect(oldByPath.body.document).toEqual(old.body.document);
    // Folio answers to 0.137.0 (checked by the client); the document also fits the newest spec.
    assertMatchesSchema('JSONDocument', old.body.document, 'latest');
  });

  it('converts only the page asked for: nested pages keep markdown, as listings do', async () => {
    const { spaceId, pageId } = await spaceWithPages();
    const page = await server.api.get(`/v1/spaces/${spaceId}/content/page/${pageId}?format=document`);
    expect(page.body.pages).toHaveLength(1);
    expect(page.body.pages[0]).toMatchObject({ title: 'Child', markdown: 'child *body*' });
    expect(page.body.pages[0].document).toBeUndefined();
  });

  it('answers markdown when format is absent or markdown, and in listings', async () => {
    const { spaceId, pageId } = await spaceWithPages();
    for (const query of ['', '?format=markdown']) {
      const res = await server.api.get(`/v1/spaces/${spaceId}/content/page/${pageId}${query}`);
      expect(res.body.markdown).toBe(BODY);
      expect(res.body.document).toBeUndefined();
    }
    const listing = await server.api.get(`/v1/spaces/${spaceId}/content/pages`);
    expect(listing.body.pages[0].markdown).toBe(BODY);
  });
});
