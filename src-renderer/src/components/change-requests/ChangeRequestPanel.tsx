import { useEffect, useId } from 'react';
import type { Space } from '../../api/types';
import { formatDate } from '../../format';
import type { ChangeRequest } from './change-requests-store';
import { StatusMessage } from '../StatusMessage';
import { useAppStores, useNavigation } from '../stores-context';
import { ChangeRequestActions, OutdatedCallout } from './ChangeRequestActions';
import { ChangesList } from './ChangesList';
import { ReviewSection } from './ReviewSection';
import { SubjectEditor } from './SubjectEditor';
import { changeRequestRights, useChangeRequests } from './use-change-requests';

const STATUS_LABELS: Record<ChangeRequest['status'], string> = { draft: 'Draft', open: 'Open', archived: 'Archived', merged: 'Merged' };

/** What the open change request changes, and update / merge / archive. */
export function ChangeRequestPanel({ space }: { space: Space }) {
  const { changeRequests } = useAppStores();
  const openId = useNavigation((state) => state.changeRequestId);
  const current = useChangeRequests((state) => state.current);

  // Opening the panel (or another change request under it) reloads both: `outdated` and the changes move
  // whenever main or the request's pages are edited, which no event here reports.
  useEffect(() => {
    if (!openId) return;
    void changeRequests.getState().reloadCurrent();
    void changeRequests.getState().loadChanges();
  }, [changeRequests, openId]);

  if (!openId) {
    return (
      <div className="cr-panel">
        <StatusMessage kind="empty" title="Main content">
          Choose a change request under “Content” to see what it changes.
        </StatusMessage>
      </div>
    );
  }
  if (current.status === 'error') {
    return (
      <div className="cr-panel">
        <StatusMessage kind="error" title="Could not load the change request" onRetry={() => void changeRequests.getState().reloadCurrent()}>
          {current.message}
        </StatusMessage>
      </div>
    );
  }
  if (current.status !== 'ready') {
    return (
      <div className="cr-panel">
        <StatusMessage kind="loading">Loading the change request…</StatusMessage>
      </div>
    );
  }
  const cr = current.changeRequest;
  return (
    <div className="cr-panel">
      <header className="cr-panel__header">
        <SubjectEditor key={cr.id} changeRequest={cr} canEdit={changeRequestRights(space).edit && cr.status !== 'merged'} />
        <p className="cr-panel__meta">
          <span className={`badge cr-status cr-status--${cr.status}`}>{STATUS_LABELS[cr.status]}</span>
          <span>
            {cr.createdBy ? `by ${cr.createdBy.displayName || cr.createdBy.email}, ` : ''}opened {formatDate(cr.createdAt)}
          </span>
          {cr.updatedAt !== cr.createdAt && <span>· updated {formatDate(cr.updatedAt)}</span>}
        </p>
      </header>
      <OutdatedCallout space={space} changeRequest={cr} />
      <ChangeRequestActions space={space} changeRequest={cr} />
      <ReviewSection space={space} changeRequest={cr} />
      <ChangesSection />
    </div>
  );
}

function ChangesSection() {
  const { changeRequests } = useAppStores();
  const changes = useChangeRequests((state) => state.changes);
  const heading = useId();
  const refresh = () => {
    void changeRequests.getState().reloadCurrent();
    void changeRequests.getState().loadChanges();
  };

  return (
    <section className="cr-panel__changes" aria-labelledby={heading} aria-busy={changes.status === 'loading' || undefined}>
      <div className="cr-panel__changes-header">
        <h3 id={heading}>Changes</h3>
        <button className="button button--quiet" type="button" onClick={refresh}>
          Refresh
        </button>
      </div>
      {changes.status === 'error' ? (
        <StatusMessage kind="error" title="Could not load the changes" onRetry={refresh}>
          {changes.message}
        </StatusMessage>
      ) : changes.status !== 'ready' ? (
        <StatusMessage kind="loading">Comparing with main content…</StatusMessage>
      ) : changes.items.length === 0 ? (
        <StatusMessage kind="empty" title="No changes yet">
          Edit pages to start: what you change here shows up in this list.
        </StatusMessage>
      ) : (
        <ChangesList changes={changes.items} more={changes.more} />
      )}
    </section>
  );
}
