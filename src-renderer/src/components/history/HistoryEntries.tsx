import { useState } from 'react';
import type { RevisionEntry } from './history-store';
import { groupCount, groupRevisions, groupTitle, type RevisionGroup } from './revision-groups';
import { revisionDetail, revisionTime, revisionTitle } from './revision-words';

interface HistoryEntriesProps {
  entries: readonly RevisionEntry[];
  /** The revision open in the page view. */
  openId?: string;
  onOpen(entry: RevisionEntry): void;
}

const authorName = (entry: RevisionEntry) => (entry.author ? entry.author.displayName || entry.author.email : 'Folio');

/**
 * The revisions as the writer thinks of them: a writer's consecutive edits are one entry that opens on
 * the newest and expands to each of them; merges, imports and restores stand on their own.
 */
export function HistoryEntries({ entries, openId, onOpen }: HistoryEntriesProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setExpanded((keys) => {
      const next = new Set(keys);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <ol className="history__list" aria-label="Revisions, newest first">
      {groupRevisions(entries).map((group) =>
        group.entries.length === 1 ? (
          <li key={group.key}>
            <EntryButton entry={group.entries[0]!} title={revisionTitle(group.entries[0]!)} openId={openId} onOpen={onOpen} />
          </li>
        ) : (
          <GroupItem
            key={group.key}
            group={group}
            // A group holding the open revision stays open, so the writer sees which edit is shown.
            expanded={expanded.has(group.key) || group.entries.slice(1).some((e) => e.id === openId)}
            onToggle={() => toggle(group.key)}
            openId={openId}
            onOpen={onOpen}
          />
        ),
      )}
    </ol>
  );
}

function GroupItem({ group, expanded, onToggle, openId, onOpen }: { group: RevisionGroup; expanded: boolean; onToggle(): void } & Omit<HistoryEntriesProps, 'entries'>) {
  const newest = group.entries[0]!;
  const oldest = group.entries.at(-1)!;
  const count = groupCount(group);
  return (
    <li className="history-group">
      <div className="history-group__head">
        <EntryButton
          entry={newest}
          title={groupTitle(group)}
          detail={`${count} by ${authorName(newest)}`}
          since={oldest.createdAt}
          openId={openId}
          onOpen={onOpen}
        />
        <button className="button button--quiet history-group__toggle" type="button" aria-expanded={expanded} onClick={onToggle}>
          {expanded ? `Hide the ${count}` : `Show the ${count}`}
        </button>
      </div>
      {expanded && (
        <ol className="history__list history-group__entries" aria-label={`The ${count}, newest first`}>
          {group.entries.map((entry) => (
            <li key={entry.id}>
              <EntryButton entry={entry} title={revisionTitle(entry)} openId={openId} onOpen={onOpen} />
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}

function EntryButton({ entry, title, detail, since, openId, onOpen }: { entry: RevisionEntry; title: string; detail?: string; since?: string } & Pick<HistoryEntriesProps, 'openId' | 'onOpen'>) {
  const summary = detail ?? revisionDetail(entry);
  return (
    <button
      className={`history-entry${entry.id === openId ? ' history-entry--open' : ''}`}
      type="button"
      aria-current={entry.id === openId ? 'true' : undefined}
      onClick={() => onOpen(entry)}
    >
      <span className="history-entry__title">
        {title}
        {entry.current && <span className="badge history-entry__badge">Current</span>}
      </span>
      {summary && <span className="history-entry__summary">{summary}</span>}
      <span className="history-entry__meta">
        {authorName(entry)} ·{' '}
        {/* A span of time only when it reads as one: edits within a minute show one time. */}
        {since && revisionTime(since) !== revisionTime(entry.createdAt) && (
          <>
            <time dateTime={since}>{revisionTime(since)}</time> –{' '}
          </>
        )}
        <time dateTime={entry.createdAt}>{revisionTime(entry.createdAt)}</time>
      </span>
    </button>
  );
}
