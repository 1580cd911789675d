import type { Clock } from '../app/context';
import type { Db } from '../store/database';
import { treesWithPendingChanges } from '../store/content-pages';
import { inTransaction } from '../store/database';
import { setRevisionOrigin } from '../store/revisions';
import type { DocStore } from './doc-store';
import { cutRevision, type TreeRef } from './engine';

interface LiveRevisionOptions {
  /** Cut once the tree has been quiet this long... */
  idleMs?: number;
  /** ...or at the latest this long after its first uncut edit. */
  maxDelayMs?: number;
}

interface Pending {
  tree: TreeRef;
  editor: string;
  first: number;
  timer: NodeJS.Timeout;
}

/**
 * Live editing persists every keystroke at once (as Yjs updates and in the read model), but a
 * revision per keystroke would be noise: edits to a tree are gathered into one revision once the
 * writer pauses. Nothing waits on this for durability; on start, trees with changes not yet in a
 * revision (a crash inside the idle window) get one.
 */
export class LiveRevisions {
  private readonly pending = new Map<string, Pending>();
  private readonly idleMs: number;
  private readonly maxDelayMs: number;

  constructor(
    private readonly services: { db: Db; clock: Clock; docs: DocStore },
    options: LiveRevisionOptions = {},
  ) {
    this.idleMs = options.idleMs ?? 2_000;
    this.maxDelayMs = options.maxDelayMs ?? 30_000;
  }

  /** Notes an edit; the revision follows after the idle period. */
  touched(tree: TreeRef, editorId: string): void {
    const now = this.services.clock.now().getTime();
    const existing = this.pending.get(tree.treeId);
    if (existing) clearTimeout(existing.timer);
    const first = existing?.first ?? now;
    const delay = Math.max(0, Math.min(this.idleMs, first + this.maxDelayMs - now));
    const timer = setTimeout(() => this.flush(tree.treeId), delay);
    timer.unref();
    this.pending.set(tree.treeId, { tree, editor: editorId, first, timer });
  }

  /** Cuts the revision of one tree now (or of every waiting tree). */
  flush(treeId?: string): void {
    const ids = treeId ? [treeId] : [...this.pending.keys()];
    for (const id of ids) {
      const entry = this.pending.get(id);
      if (!entry) continue;
      clearTimeout(entry.timer);
      this.pending.delete(id);
      this.cut(entry.tree, entry.editor);
    }
  }

  /** Gives a revision to every tree left with changes outside one (run at start). */
  recover(spaceOfTree: (treeId: string) => string | undefined): void {
    for (const treeId of treesWithPendingChanges(this.services.db)) {
      const spaceId = spaceOfTree(treeId);
      if (spaceId) this.cut({ spaceId, treeId }, null);
    }
  }

  private cut(tree: TreeRef, editor: string | null): void {
    if (!this.services.db.open) return;
    try {
      inTransaction(this.services.db, () => {
        const revision = cutRevision(this.services, tree, 'edits', editor);
        // The history tells the writer's typing apart from API edits.
        if (revision) setRevisionOrigin(this.services.db, revision.id, 'live');
      });
    } catch (error) {
      // The edits themselves are safe on disk; the next edit or the next start retries the revision.
      console.error(`[folio] could not record a revision of ${tree.treeId}:`, error);
    }
  }
}
