import { useEffect } from 'react';
import { useStore } from 'zustand';
import { emojiGlyph } from '../../../../src-shared/emoji';
import type { Organization } from '../../api/types';
import type { RecentPage } from './org-home-store';
import { fullTime, relativeTime } from '../comments/relative-time';
import { PageIcon } from '../Icons';
import { StatusMessage } from '../StatusMessage';
import { useAppStores } from '../stores-context';

/** The pages the writer edited last, across the organization's spaces: one click back into their work. */
export function RecentPages({ organization }: { organization: Organization }) {
  const stores = useAppStores();
  const recent = useStore(stores.orgHome, (state) => state.recent);

  useEffect(() => {
    void stores.orgHome.getState().loadRecent(organization.id);
  }, [stores.orgHome, organization.id]);

  const open = (page: RecentPage) => {
    // Opening a space resets navigation synchronously (followSpace), so the page is set after it.
    if (stores.spaces.getState().openSpaceId !== page.spaceId) void stores.spaces.getState().open(page.spaceId);
    stores.navigation.getState().openPage(page.pageId);
  };

  return (
    <section className="section recent-pages" id="recent" aria-labelledby="recent-pages-title">
      <div className="section__header">
        <h2 id="recent-pages-title">Recently edited</h2>
      </div>
      {recent.status === 'idle' || recent.status === 'loading' ? (
        <StatusMessage kind="loading">Loading your recent pages…</StatusMessage>
      ) : recent.status === 'error' ? (
        <StatusMessage kind="error" onRetry={() => void stores.orgHome.getState().loadRecent(organization.id)}>
          Could not load your recent pages: {recent.message}
        </StatusMessage>
      ) : recent.items.length === 0 ? (
        <p className="hint">Pages you edit show here, newest first, so you can pick up where you left off.</p>
      ) : (
        <ul className="recent-pages__list" aria-label="Your recently edited pages">
          {recent.items.map((page) => (
            <li key={`${page.spaceId}/${page.pageId}`}>
              <button className="recent-pages__entry" type="button" onClick={() => open(page)}>
                <span className="recent-pages__icon" aria-hidden="true">
                  {page.emoji ? emojiGlyph(page.emoji) : <PageIcon size={16} />}
                </span>
                <span className="recent-pages__title">{page.title || 'Untitled page'}</span>
                <span className="recent-pages__where">
                  {page.spaceTitle || 'Untitled space'} ·{' '}
                  <time dateTime={page.editedAt} title={fullTime(page.editedAt)}>
                    {relativeTime(page.editedAt)}
                  </time>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
