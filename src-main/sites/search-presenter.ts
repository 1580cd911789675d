import type { PresentContext } from '../app/context';
import { scoreOf, type SiteSearchPage, type SiteSearchSpace } from './search-service';

/** A page's description as its metadata holds it; '' when it has none (GitBook's field is required). */
function descriptionOf(meta: string): string {
  try {
    const description = (JSON.parse(meta) as { description?: unknown }).description;
    return typeof description === 'string' ? description : '';
  } catch {
    return '';
  }
}

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
