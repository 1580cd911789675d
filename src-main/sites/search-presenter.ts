import type { PresentContext } from '../app/context';
import { descriptionOf, scoreOf } from '../search/service';
import type { SiteSearchPage, SiteSearchSpace } from './search-service';

function presentPage(result: SiteSearchPage, spaceId: string, pc: PresentContext) {
  const { page } = result;
  const app = (path: string) => `${pc.baseUrl}/s/${spaceId}/${path}`;
  return {
    id: page.page_id,
    title: page.title,
    description: descriptionOf(page.meta),
    path: page.path,
    score: result.score,
    rank: result.rank,
    // Folio ranks sections, so a page is found through one of them.
    resultType: 'section' as const,
    ancestors: result.ancestors.map((title) => ({ title })),
    sections: result.sections.map((section) => {
      const path = section.anchor ? `${page.path}#${section.anchor}` : page.path;
      return {
        id: section.anchor ? `${page.page_id}#${section.anchor}` : page.page_id,
        title: section.title,
        path,
        score: scoreOf(section.rank),
        resultType: 'section' as const,
        body: section.snippet,
        urls: { app: app(path) },
      };
    }),
    urls: { app: app(page.path) },
  };
}

/** GitBook's SearchSpaceResult (valid for 0.137.0 too: its fields are a subset). */
export function presentSiteSearchSpace(result: SiteSearchSpace, pc: PresentContext) {
  return {
    type: 'space' as const,
    id: result.spaceId,
    title: result.title,
    score: result.score,
    pages: result.pages.map((page) => presentPage(page, result.spaceId, pc)),
  };
}
