import type { GlossaryBatchOperation, ListGlossaryEntriesQuery } from '../../src-shared/schemas/glossary';
import { isoNow, type ServiceContext } from '../app/context';
import { badRequest, notFound } from '../errors';
import { inTransaction } from '../store/database';
import {
  deleteGlossaryEntryRow,
  getGlossaryEntryRow,
  type GlossaryEntryRow,
  insertGlossaryEntry,
  listGlossaryEntryRows,
  updateGlossaryEntryRow,
} from '../store/glossary-entries';
import { requireTranslationsAdmin, requireTranslationsReader } from '../translations/service';

/**
 * An organization's translation glossary: the terms its translations must render one way. It belongs with the
 * translations, so the same people read it (every member) and change it (its admins).
 */
export function listGlossaryEntries(ctx: ServiceContext, organizationId: string, query: ListGlossaryEntriesQuery) {
  const { org } = requireTranslationsReader(ctx, organizationId);
  return listGlossaryEntryRows(ctx.db, org.id, query);
}

export function getGlossaryEntry(ctx: ServiceContext, organizationId: string, glossaryEntryId: string): GlossaryEntryRow {
  const { org } = requireTranslationsReader(ctx, organizationId);
  const row = getGlossaryEntryRow(ctx.db, org.id, glossaryEntryId);
  if (!row) throw notFound(`Glossary entry "${glossaryEntryId}" not found`);
  return row;
}

/**
 * Applies the operations in order, all or none: one naming an entry the glossary does not hold (or no longer
 * does, deleted by an earlier operation) is a 400 naming it, and nothing is changed.
 */
export function updateGlossaryEntries(ctx: ServiceContext, organizationId: string, operations: GlossaryBatchOperation[]): void {
  inTransaction(ctx.db, () => {
    const { org } = requireTranslationsAdmin(ctx, organizationId, 'change the translation glossary');
    const now = isoNow(ctx.clock);
    operations.forEach((operation, index) => {
      if (operation.type === 'insert') {
        insertGlossaryEntry(ctx.db, org.id, operation.translations, now);
        return;
      }
      if (!getGlossaryEntryRow(ctx.db, org.id, operation.id)) throw badRequest(`operations.${index}.id: no glossary entry "${operation.id}" in this organization`);
      if (operation.type === 'update') updateGlossaryEntryRow(ctx.db, operation.id, operation.translations, now);
      else deleteGlossaryEntryRow(ctx.db, operation.id);
    });
  });
}
