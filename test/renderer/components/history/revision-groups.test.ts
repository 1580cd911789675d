import { describe, expect, it } from 'vitest';
import { groupCount, groupRevisions, groupTitle } from '../../../../src-renderer/src/components/history/revision-groups';
import type { RevisionEntry } from '../../../../src-renderer/src/components/history/history-store';
import { user } from '../../fake-client';

function entry(id: string, kind: RevisionEntry['kind'], authorId: string, sample: RevisionEntry['changes']['sample']): RevisionEntry {
  return {
    id,
    createdAt: '2025-03-12T10:00:00.000Z',
    type: 'edits',
    kind,
    current: false,
    author: { ...user(), id: authorId },
    mergedFrom: null,
    restoredTo: null,
    changes: { pages: sample.length, added: 0, removed: 0, edited: sample.length, files: 0, sample },
  };
}

const setup = (title = 'Setup') => [{ pageId: 'p-setup', title, change: 'edited' as const }];

describe('grouping the history', () => {
  it('groups consecutive edits by one writer, and not across writers, merges or restores', () => {
    const groups = groupRevisions([
      entry('r-7', 'live', 'ann', setup()),
      entry('r-6', 'edits', 'ann', setup()),
      entry('r-5', 'live', 'ann', setup('Untitled')),
      entry('r-4', 'live', 'bob', setup()),
      entry('r-3', 'merge', 'bob', setup()),
      entry('r-2', 'live', 'bob', setup()),
      entry('r-1', 'restore', 'bob', setup()),
    ]);
    expect(groups.map((g) => g.entries.map((e) => e.id))).toEqual([['r-7', 'r-6', 'r-5'], ['r-4'], ['r-3'], ['r-2'], ['r-1']]);
    expect(groupTitle(groups[0]!)).toBe('Edited “Setup”');
    expect(groupCount(groups[0]!)).toBe('3 edits');
  });

  it('counts the pages a group edited when there are several', () => {
    const [group] = groupRevisions([entry('r-2', 'live', 'ann', setup()), entry('r-1', 'live', 'ann', [{ pageId: 'p-faq', title: 'FAQ', change: 'edited' }])]);
    expect(groupTitle(group!)).toBe('2 pages edited');
  });
});
