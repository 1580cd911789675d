import type { ReactNode } from 'react';
import type { Organization, Space } from '../../api/types';
import { ChangeRequestPanel } from '../change-requests/ChangeRequestPanel';
import { ContentSwitcher } from '../change-requests/ContentSwitcher';
import { CommentsPanel } from '../comments/CommentsPanel';
import { PageEditor } from '../editor/PageEditor';
import { HistoryPanel } from '../history/HistoryPanel';
import { RevisionPageView } from '../history/RevisionPageView';
import { GitSyncDialog } from '../git-sync/GitSyncDialog';
import { ImportDialog } from '../import/ImportDialog';
import { PageTree } from '../page-tree/PageTree';
import { ReusableContentEditor } from '../reusable-contents/ReusableContentEditor';
import { ReusableContentsSection } from '../reusable-contents/ReusableContentsSection';
import { useNavigation } from '../stores-context';
import { SyncBadge } from '../sync/SyncBadge';
import { SpaceToolbar } from './SpaceToolbar';

interface SpaceScreenProps {
  organization: Organization;
  space: Space;
  /** The space's overview (settings and permissions), shown while no page is open. */
  overview: ReactNode;
  top: ReactNode;
}

/**
 * A space at work: its page tree on the left, the open page (or the space's overview) in the middle, and
 * the comments, change request or history panel on the right.
 */
export function SpaceScreen({ space, overview, top }: SpaceScreenProps) {
  const pageId = useNavigation((state) => state.pageId);
  const reusableContentId = useNavigation((state) => state.reusableContentId);
  const revisionId = useNavigation((state) => state.revisionId);
  const panel = useNavigation((state) => state.panel);
  const dialog = useNavigation((state) => state.dialog);

  return (
    <div className="space-screen">
      <div className="space-screen__top">
        {top}
        <SyncBadge space={space} />
        <SpaceToolbar space={space} />
        <ContentSwitcher space={space} />
      </div>
      <div className={`space-screen__body${panel ? ' space-screen__body--panel' : ''}`}>
        <div className="space-screen__side">
          <nav className="space-screen__tree" aria-label="Pages">
            <PageTree space={space} />
          </nav>
          <ReusableContentsSection space={space} />
        </div>
        <div className="space-screen__main">
          {reusableContentId ? (
            <ReusableContentEditor key={reusableContentId} space={space} reusableContentId={reusableContentId} />
          ) : revisionId && pageId ? (
            <RevisionPageView space={space} />
          ) : pageId ? (
            <PageEditor space={space} />
          ) : (
            overview
          )}
        </div>
        {panel && (
          <aside className="space-screen__panel" aria-label={PANEL_LABELS[panel]}>
            {panel === 'comments' ? (
              <CommentsPanel space={space} />
            ) : panel === 'changes' ? (
              <ChangeRequestPanel space={space} />
            ) : (
              <HistoryPanel space={space} />
            )}
          </aside>
        )}
      </div>
      {dialog === 'import' && <ImportDialog space={space} />}
      {dialog === 'git-sync' && <GitSyncDialog space={space} />}
    </div>
  );
}

const PANEL_LABELS = { comments: 'Comments', changes: 'Change request', history: 'History' } as const;
