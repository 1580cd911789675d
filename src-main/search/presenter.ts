import type { PresentContext } from '../app/context';
import type { SectionHit } from '../store/search';
import type { PageHits } from './service';

export function presentPageHits(hits: PageHits, spaceId: string, pc: PresentContext) {
  const { page } = hits;
  const app = (path: string) => `${pc.baseUrl}/s/${spaceId}/${path}`;
  return {
    id: page.page_id,
    title: page.title,
    path: page.path,
    sections: hits.sections.map((section: SectionHit) => {
      const path = section.anchor ? `${page.path}#${section.anchor}` : page.path;
      return {
        id: section.anchor ? `${page.page_id}#${section.anchor}` : page.page_id,
        title: section.title,
        path,
        body: section.snippet,
        urls: { app: app(path) },
      };
    }),
    urls: { app: app(page.path) },
  };
}
