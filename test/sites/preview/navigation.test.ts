import { describe, expect, it } from 'vitest';
import { newOrganization } from '../../support/org';
import { useTestServer } from '../../support/server';
import { siteFetch, spaceWithPages } from './preview-support';

const server = useTestServer();

/**
 * Intro; Guide > (Install > (Linux, Mac), Configure); Secret (hidden) > Inside; Appendix.
 * Reading order of visible documents: Intro, Guide, Install, Linux, Mac, Configure, Appendix.
 */
async function nestedSite() {
  const org = await newOrganization(server);
  const space = await spaceWithPages(server, org.id, 'Manual', [
    { title: 'Intro', markdown: 'Start.' },
    { title: 'Guide', markdown: 'Guide.', ref: 'guide' },
    { title: 'Install', markdown: 'Install.', ref: 'install', into: 'guide' },
    { title: 'Linux', markdown: 'Linux.', into: 'install' },
    { title: 'Mac', markdown: 'Mac.', into: 'install' },
    { title: 'Configure', markdown: 'Configure.', into: 'guide' },
    { title: 'Secret', markdown: 'Secret.', ref: 'secret', hidden: true },
    { title: 'Inside', markdown: 'Inside.', into: 'secret' },
    { title: 'Appendix', markdown: 'Appendix.' },
  ]);
  const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Manual', spaces: [space.id] })).body;
  await server.api.post(`/v1/orgs/${org.id}/sites/${site.id}/publish`);
  return `${server.url}/sites/${site.id}/`;
}

const navTitles = (html: string) => [...html.matchAll(/<ul class="nav-pages">(.*?)<\/ul>/gs)].flatMap((m) => [...m[1]!.matchAll(/>([^<>]+)<\/a><\/li>/g)].map((t) => t[1]));
const pager = (html: string) => ({
  previous: /rel="prev"[^>]*><span>Previous<\/span>([^<]+)</.exec(html)?.[1],
  next: /rel="next"[^>]*><span>Next<\/span>([^<]+)</.exec(html)?.[1],
});

describe('site preview navigation', () => {
  it('shows the top level and folds the rest, marking pages with folded children', async () => {
    const root = await nestedSite();
    const home = await siteFetch(root);
    expect(navTitles(home.html)).toEqual(['Intro', 'Guide', 'Appendix']);
    expect(home.html).toMatch(/<li class="depth-0 nav-folded"><a [^>]*>Guide</);
    expect(pager(home.html)).toEqual({ previous: undefined, next: 'Guide' });
  });

  it("opens the current page's branch and walks the reading order into and out of folded pages", async () => {
    const root = await nestedSite();
    const linux = await siteFetch(`${root}guide/install/linux`);
    expect(linux.status).toBe(200);
    expect(navTitles(linux.html)).toEqual(['Intro', 'Guide', 'Install', 'Linux', 'Mac', 'Configure', 'Appendix']);
    expect(pager(linux.html)).toEqual({ previous: 'Install', next: 'Mac' });
    const configure = await siteFetch(`${root}guide/configure`);
    // Back into the folded Install branch, forward past the hidden page.
    expect(pager(configure.html)).toEqual({ previous: 'Mac', next: 'Appendix' });
    expect(navTitles(configure.html)).not.toContain('Linux');
    const appendix = await siteFetch(`${root}appendix`);
    expect(pager(appendix.html)).toEqual({ previous: 'Configure', next: undefined });
  });

  it('keeps hidden pages out of the navigation but serves them by address', async () => {
    const root = await nestedSite();
    const secret = await siteFetch(`${root}secret`);
    expect(secret.status).toBe(200);
    expect(secret.html).toContain('Secret.');
    expect(navTitles(secret.html)).not.toContain('Secret');
  });
});
