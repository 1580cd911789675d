import type { PresentContext } from '../app/context';
import type { SectionHit } from '../store/search';
import type { PageHits, SpaceHits } from './service';
import { scoreOf } from './service';

export function presentPageHits(hits: PageHits, spaceId: string, pc: PresentContext) {
  const { page } = hits;
  const app = (path: string) => `${pc.baseUrl}/s/${spaceId}/${path}`;
  return {
    id: page.page_id,
    title: page.title,
    description: hits.description,
    path: page.path,
    score: hits.score,
    rank: hits.rank,
    ancestors: hits.ancestors.map((title) => ({ title })),
    sections: hits.sections.map((section: SectionHit) => {
      const path = section.anchor ? `${page.path}#${section.anchor}` : page.path;
      return {
        id: section.anchor ? `${page.page_id}#${section.anchor}` : page.page_id,
        title: section.title,
        path,
        score: scoreOf(section.rank),
        body: section.snippet,
        urls: { app: app(path) },
      };
    }),
    urls: { app: app(page.path) },
  };
}

/** One space of an organization search: its id and title, and its pages with their matching sections. */
export function presentSpaceHits(hits: SpaceHits, title: string, pc: PresentContext) {
  const pages = hits.pages.map((page) => presentPageHits(page, hits.spaceId, pc));
  return { type: 'space' as const, id: hits.spaceId, title, score: Math.max(0, ...pages.map((page) => page.score)), pages };
}
