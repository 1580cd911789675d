import type { ApplyTemplateInput } from '../../src-shared/schemas/content-documents';
import type { ServiceContext } from '../app/context';
import { assertChangeRequestOpenForEdits, requireChangeRequest, treeOf } from '../change-requests/access';
import { badRequest } from '../errors';
import type { ImportedPage, ImportPlan } from '../import/plan';
import { writeImportPlan } from '../import/write-plan';
import { assertSpaceWritable, requireSpace } from '../spaces/access';
import type { TreeRef } from './engine';
import { SPACE_TEMPLATES } from './templates';
import type { TemplatePage } from './templates/template';

/**
 * applyTemplateToSpace: writes a template's pages into the space's main content, or a change request's, after
 * the pages already there, through the import's write path: one transaction, one revision, the links
 * between the pages and the search index kept as for any write. `params.contentRefs` customise GitBook's
 * integration-backed templates; Folio's templates have no placeholders, so they are accepted and unused.
 */
export function applyTemplateToSpace(ctx: ServiceContext, spaceId: string, input: ApplyTemplateInput): { revision: string } {
  const template = SPACE_TEMPLATES.get(input.id);
  if (!template) throw badRequest(`id: no template "${input.id}" (Folio has ${[...SPACE_TEMPLATES.keys()].join(', ')})`);
  const plan: ImportPlan = { pages: template.pages.map(importedPage), files: [], totalResources: 0, failures: [] };
  return ctx.docs.write((writer) => {
    const tree = writableTree(ctx, spaceId, input.changeRequestId);
    const written = writeImportPlan(ctx, writer, tree, plan, null);
    return { revision: written.revision!.id };
  });
}

function importedPage(page: TemplatePage): ImportedPage {
  return {
    kind: page.kind ?? 'document',
    title: page.title,
    emoji: page.emoji,
    markdown: page.markdown ?? '',
    children: (page.children ?? []).map(importedPage),
  };
}

function writableTree(ctx: ServiceContext, spaceId: string, changeRequestId: string | undefined): TreeRef {
  if (changeRequestId) {
    const { changeRequest } = requireChangeRequest(ctx, spaceId, changeRequestId, 'edit', 'apply a template to it');
    assertChangeRequestOpenForEdits(changeRequest);
    return treeOf(changeRequest);
  }
  const { space } = requireSpace(ctx, spaceId, { required: 'edit', action: 'apply a template to it' });
  assertSpaceWritable(space);
  return { spaceId: space.id, treeId: space.id };
}
