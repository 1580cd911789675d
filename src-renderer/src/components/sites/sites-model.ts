import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../api/types';

// The Sites screen's objects (as the tRPC procedures present them) and the pure
// rules its store applies: title bounds, which items move together, an item's title, and page views as one bar per day.

export type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;

export type Site = Outputs['sites']['get'];
export type SiteVisibility = NonNullable<Inputs['sites']['update']['visibility']>;
export type SiteStructure = Outputs['sites']['structure']['get'];
export type StructureItem = SiteStructure['structure'][number];
export type SiteSection = Outputs['sites']['sections']['add'];
export type ShareLink = Outputs['sites']['shareLinks']['create'];
export type PageViewColumns = Outputs['sites']['insights']['pageViews'];
export type SiteRef = { organizationId: string; siteId: string };
export type SortInput = Inputs['sites']['structure']['sort'];

/** Sites listed per page; more load on request. */
export const SITES_PAGE_SIZE = 50;
/** Share links shown for a site (a site has a handful; the list says when there are more). */
export const SHARE_LINKS_LIMIT = 100;
/** Days in the page-views chart, ending today (UTC, as the server counts days). */
export const CHART_DAYS = 30;

/** One thing loaded for the open site. */
export type Load<T> = { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; value: T };

/** Views of the site's pages on one day (`2026-03-12`, UTC). */
export interface DayViews {
  day: string;
  views: number;
}

/** The share links of the open site, and how many there are in all. */
export interface ShareLinks {
  items: ShareLink[];
  count: number;
}

/** Up or down by one place among its siblings. */
export type Direction = 'up' | 'down';

export const TITLE_MIN = 2;
export const TITLE_MAX = 128;
export const SHARE_LINK_NAME_MAX = 50;

/** The site's title as the server will accept it, or why not (in the /v1 words: the field first). */
export function checkSiteTitle(raw: string): { title: string } | { error: string } {
  const title = raw.trim();
  if (title.length < TITLE_MIN) return { error: `title: a site’s title needs at least ${TITLE_MIN} characters` };
  if (title.length > TITLE_MAX) return { error: `title: a site’s title has at most ${TITLE_MAX} characters` };
  return { title };
}

/** The structure's items that move as one list with `id`'s item: the top level, a group's sections, or root spaces. */
export function siblingsOf(structure: SiteStructure, type: string, id: string): Array<{ type: SortInput['item']['type']; id: string }> | undefined {
  const pointer = (item: StructureItem | SiteSection) => ({
    type: item.object === 'site-section-group' ? ('site-section-group' as const) : item.object === 'site-section' ? ('site-section' as const) : ('site-space' as const),
    id: item.id,
  });
  const top = (structure.structure as Array<StructureItem>).map(pointer);
  if (top.some((p) => p.type === type && p.id === id)) return top;
  for (const item of structure.structure as Array<StructureItem>) {
    if (item.object === 'site-section-group' && item.sections.some((section) => section.id === id)) return item.sections.map(pointer);
  }
  return undefined;
}

/** The title of an item of the open site's structure, for notices (its id while the structure is not loaded). */
export function titleOf(structure: Load<SiteStructure>, id: string): string {
  if (structure.status !== 'ready') return id;
  for (const item of structure.value.structure as StructureItem[]) {
    if (item.id === id) return item.title;
    if (item.object === 'site-section-group') {
      const section = item.sections.find((s) => s.id === id);
      if (section) return section.title;
    }
  }
  return id;
}

/**
 * The aggregate's days (`datetime` at midnight UTC, `eventsCount`) as one bar per day for the CHART_DAYS days
 * ending on `now`'s day; days without views count 0. The server's range (30 days back from now) can reach into
 * a 31st day: that partial day is left out.
 */
export function dailyViews(answer: PageViewColumns, now: Date): DayViews[] {
  const days = answer.columns.find((c) => c.column === 'datetime')?.values ?? [];
  const counts = answer.columns.find((c) => c.column === 'eventsCount')?.values ?? [];
  const byDay = new Map<string, number>();
  days.forEach((value, i) => byDay.set(String(value).slice(0, 10), Number(counts[i] ?? 0)));
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: CHART_DAYS }, (_, i) => {
    const day = new Date(today - (CHART_DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    return { day, views: byDay.get(day) ?? 0 };
  });
}
