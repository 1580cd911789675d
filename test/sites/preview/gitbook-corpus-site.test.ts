import { pathToFileURL } from 'node:url';
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { CORPUS, REPOSITORIES } from '../../support/gitbook-corpus';
import { newOrganization } from '../../support/org';
import { useTestServer } from '../../support/server';
import { siteFetch } from './preview-support';

/**
 * Both real GitBook repositories of the corpus, imported and published: what a visitor of the site
 * sees of every page. Template tags and GitBook's HTML must be drawn as blocks, never shown as text,
 * and every image a page shows must load.
 */
const server = useTestServer({ config: { allowFileImports: true } });

interface TreePage {
  id: string;
  type: string;
  path?: string;
  pages?: TreePage[];
}

const documents = (pages: TreePage[]): TreePage[] => pages.flatMap((page) => [...(page.type === 'document' ? [page] : []), ...documents(page.pages ?? [])]);

async function publish(repository: string) {
  const org = await newOrganization(server);
  const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: repository })).body.id as string;
  const imported = await server.api.post(`/v1/spaces/${spaceId}/content/import`, { url: pathToFileURL(`${CORPUS}/${repository}`).href, source: 'markdown' });
  expect(imported.status).toBe(201);
  const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: repository, visibility: 'public', spaces: [spaceId] })).body;
  expect((await server.api.post(`/v1/orgs/${org.id}/sites/${site.id}/publish`)).status).toBe(200);
  const content = await server.api.get(`/v1/spaces/${spaceId}/content`);
  return { spaceId, root: `/sites/${site.id}/`, pages: documents(content.body.pages as TreePage[]) };
}

/** The text a visitor reads in the page's article, code left out (code may show tags and HTML as written). */
function proseText(html: string): string {
  const article = parse(html).querySelector('main') ?? parse(html);
  for (const code of article.querySelectorAll('pre, code')) code.remove();
  return article.textContent;
}

const ESCAPED_HTML = /<(figure|img|table|td|tr|th|details|summary|mark|figcaption|picture|source|div|p|a|strong|em|br)[\s>/]/i;

describe('the Git Sync corpus, published', () => {
  for (const repository of REPOSITORIES) {
    it(`shows no template tag or GitBook HTML as text on any page of ${repository}, and every image loads`, { timeout: 240_000 }, async () => {
      const { spaceId, root, pages } = await publish(repository);
      expect(pages.length).toBeGreaterThan(100);
      const problems: string[] = [];
      const images = new Set<string>();
      let imageCount = 0;
      for (const [index, page] of pages.entries()) {
        // The first page is the site's home, at the site's root.
        const url = `${server.url}${root}${index === 0 ? '' : page.path}`;
        const { status, html } = await siteFetch(url);
        if (status !== 200) {
          problems.push(`${page.path}: ${status}`);
          continue;
        }
        const text = proseText(html);
        // `\{%` is GitBook's escape for a literal `{%`: a page written with it shows the characters.
        const escapedTags = (await server.api.get(`/v1/spaces/${spaceId}/content/page/${page.id}?format=markdown`)).body.markdown?.split('\\{%').length - 1;
        const shownTags = text.split('{%').length - 1;
        if (shownTags > (escapedTags ?? 0)) problems.push(`${page.path}: ${shownTags} "{%" shown as text`);
        const escapedHtml = ESCAPED_HTML.exec(text);
        if (escapedHtml) problems.push(`${page.path}: HTML shown as text: ${text.slice(Math.max(0, escapedHtml.index - 40), escapedHtml.index + 60)}`);
        for (const img of parse(html).querySelectorAll('main img')) {
          imageCount += 1;
          const src = img.getAttribute('src') ?? '';
          if (!/^https?:\/\//.test(src)) images.add(new URL(src, url).href);
        }
      }
      expect(problems).toEqual([]);
      expect(imageCount).toBeGreaterThan(80);
      const broken: string[] = [];
      for (const src of images) {
        const res = await fetch(src);
        await res.arrayBuffer();
        if (res.status !== 200) broken.push(`${src}: ${res.status}`);
      }
      expect(broken).toEqual([]);
    });
  }
});
