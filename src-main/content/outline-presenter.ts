import { childrenIndex, type PageView } from './presenter';
import type { PageMeta } from './tree-model';

/** A page as the app's page tree needs it: no body, no URLs, no layout (a 10,000-page tree stays small). */
export interface PageOutline {
  id: string;
  title: string;
  /** GitBook's path (`parent-slug/slug`): where the page's file is, for links written to it. */
  path?: string;
  type: 'document' | 'group' | 'link';
  emoji?: string;
  hidden?: true;
  /** Link pages only: where the entry points. */
  href?: string;
  pages: PageOutline[];
}

/** The nested outline of a content tree, in position order. */
export function presentPageOutline(views: PageView[]): PageOutline[] {
  const children = childrenIndex(views);
  const present = (view: PageView): PageOutline => {
    const meta = JSON.parse(view.meta) as PageMeta;
    const type = view.kind === 'group' || view.kind === 'link' ? view.kind : 'document';
    return {
      id: view.page_id,
      title: view.title,
      path: view.path,
      type,
      ...(meta.emoji ? { emoji: meta.emoji } : {}),
      ...(meta.hidden ? { hidden: true as const } : {}),
      ...(type === 'link' && meta.href ? { href: meta.href } : {}),
      pages: (children.get(view.page_id) ?? []).map(present),
    };
  };
  return (children.get(null) ?? []).map(present);
}
