import type { PresentContext } from '../app/context';
import type { ImportRunRow } from '../store/import-runs';

/**
 * GitBook's ContentImportRun. `progress` (pages read of pages found so far, as the engine reports them) is
 * Folio's addition: GitBook's `pages` list names pages by their ids in the space, which exist only once the
 * import has written them, so the run's progress has no other place.
 */
export function presentImportRun(run: ImportRunRow, pc: PresentContext) {
  return {
    object: 'import-run' as const,
    id: run.id,
    status: run.status,
    ...(run.reason !== null ? { reason: run.reason } : {}),
    source: JSON.parse(run.source) as unknown,
    target: {
      space: run.space_id,
      ...(run.change_request_id !== null ? { changeRequest: run.change_request_id } : {}),
      ...(run.page_id !== null ? { page: run.page_id } : {}),
    },
    ...(run.site_id !== null ? { site: run.site_id } : {}),
    createdBy: run.created_by,
    createdAt: run.created_at,
    updatedAt: run.updated_at,
    ...(run.started_at !== null ? { startedAt: run.started_at } : {}),
    // GitBook fills it for a completed import only; a failed or cancelled run ends at its `updatedAt`.
    ...(run.status === 'completed' && run.completed_at !== null ? { completedAt: run.completed_at } : {}),
    progress: { done: run.pages_done, found: run.pages_found },
    urls: { location: `${pc.baseUrl}/v1/org/${run.organization_id}/imports/${run.id}` },
  };
}
