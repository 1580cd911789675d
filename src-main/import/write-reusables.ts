import type { ServiceContext } from '../app/context';
import { isoNow } from '../app/context';
import type { DocWriter } from '../content/doc-store';
import { refreshTreeRows, treeDocId, writeBody, type TreeRef } from '../content/engine';
import { readReusables, removeReusable, writeReusable } from '../content/reusables-model';
import { getLiveReusable } from '../store/content-reusables';
import { newId } from '../store/ids';
import type { ImportedReusable } from './plan';

export interface ReusablesOutcome {
  created: number;
  updated: number;
  deleted: number;
}

/**
 * Brings a tree's reusable contents in line with an import's, matched by slug (the file name includes name
 * them by): new ones are created, changed titles and bodies rewritten (bodies by a word diff, as pages'), and
 * with `removeMissing` (Git Sync mirroring a repository) those the import no longer has are removed. An import
 * that adds pages to a space leaves its other reusable contents alone. Runs inside the caller's write.
 */
export function writeImportedReusables(
  ctx: ServiceContext,
  writer: DocWriter,
  tree: TreeRef,
  reusables: readonly ImportedReusable[],
  options: { removeMissing: boolean },
): ReusablesOutcome {
  const now = isoNow(ctx.clock);
  const outcome: ReusablesOutcome = { created: 0, updated: 0, deleted: 0 };
  const bodies: Array<{ id: string; markdown: string }> = [];
  writer.change(treeDocId(tree.treeId), (doc) => {
    const existing = new Map(readReusables(doc).map((record) => [record.slug.toLowerCase(), record]));
    for (const reusable of reusables) {
      const known = existing.get(reusable.slug.toLowerCase());
      existing.delete(reusable.slug.toLowerCase());
      if (!known) {
        const id = newId();
        writeReusable(doc, id, { title: reusable.title, slug: reusable.slug, createdAt: now, updatedAt: now });
        bodies.push({ id, markdown: reusable.markdown });
        outcome.created += 1;
        continue;
      }
      const changedBody = (getLiveReusable(ctx.db, tree.treeId, known.id)?.markdown ?? '') !== reusable.markdown;
      if (known.title !== reusable.title) writeReusable(doc, known.id, { title: reusable.title, updatedAt: now });
      if (changedBody) bodies.push({ id: known.id, markdown: reusable.markdown });
      if (changedBody || known.title !== reusable.title) outcome.updated += 1;
    }
    if (options.removeMissing) {
      for (const gone of existing.values()) {
        removeReusable(doc, gone.id);
        outcome.deleted += 1;
      }
    }
  });
  refreshTreeRows(ctx, tree);
  for (const body of bodies) writeBody(ctx, writer, tree, body.id, body.markdown);
  return outcome;
}
