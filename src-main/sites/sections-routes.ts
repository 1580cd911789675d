import {
  addSectionToGroupBody,
  addSiteSectionBody,
  addSiteSectionGroupBody,
  listSiteSectionsQuery,
  moveSiteSectionBody,
  moveSiteSectionGroupBody,
  moveSiteSpaceBody,
  sortSiteStructureBody,
  updateSiteSectionBody,
  updateSiteSectionGroupBody,
} from '../../src-shared/schemas/site-sections';
import { listQuery } from '../../src-shared/schemas/common';
import type { CallContext } from '../app/context';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import type { SiteRow } from '../store/sites';
import { presentSiteSpace } from './presenter';
import { addGroup, addSectionToGroup, deleteGroup, groupWithSections, listGroupsForCaller, removeSectionFromGroup, updateGroupSettings } from './section-groups-service';
import { addSection, deleteSection, listSectionsForCaller, sectionNode, updateSectionSettings } from './sections-service';
import { presentSiteStructure } from './structure';
import { presentSection, presentSectionGroup } from './structure-presenter';
import { getStructureForCaller, type MovePosition, movedItem, sortStructure } from './structure-service';

/** The deprecated moves name their pointers their own way; all become sortSiteStructure's pointers. */
function pointers<P>(position: { before?: P; after?: P }, convert: (p: P) => MovePosition['before']): MovePosition {
  return { before: position.before && convert(position.before), after: position.after && convert(position.after) };
}

function presentGroup(ctx: CallContext, site: SiteRow, groupId: string) {
  const { group, sections } = groupWithSections(ctx, site, groupId);
  return presentSectionGroup(group, sections, site, ctx);
}

export function registerSiteSectionRoutes(router: Router): void {
  router.get('/v1/orgs/{organizationId}/sites/{siteId}/sections', { effect: 'read', query: listSiteSectionsQuery }, ({ ctx, params, query }) => {
    const { page, limit } = query;
    const result = listSectionsForCaller(ctx, params.organizationId, params.siteId, { page, limit });
    return { status: 200, body: listEnvelope(result.page, (row) => presentSection(sectionNode(ctx, row), result.site, ctx)) };
  });

  router.post('/v1/orgs/{organizationId}/sites/{siteId}/sections', { effect: 'write', body: addSiteSectionBody }, ({ ctx, params, body }) => {
    const { site, node } = addSection(ctx, params.organizationId, params.siteId, body);
    const location = `${ctx.baseUrl}/v1/orgs/${site.organization_id}/sites/${site.id}/sections/${node.section.id}`;
    return { status: 201, body: presentSection(node, site, ctx), headers: { Location: location } };
  });

  router.patch('/v1/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}', { effect: 'write', body: updateSiteSectionBody }, ({ ctx, params, body }) => {
    const input = body;
    const { site, node } = updateSectionSettings(ctx, params.organizationId, params.siteId, params.siteSectionId, input);
    return { status: 200, body: presentSection(node, site, ctx) };
  });

  // As for site spaces: 205 when the section was deleted, 204 when it did not exist.
  router.delete('/v1/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}', { effect: 'write' }, ({ ctx, params }) => ({
    status: deleteSection(ctx, params.organizationId, params.siteId, params.siteSectionId) ? 205 : 204,
  }));

  router.post('/v1/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}/move', { effect: 'write', body: moveSiteSectionBody, optionalBody: true }, ({ ctx, params, body }) => {
    const { position } = body;
    const item = { type: 'site-section' as const, id: params.siteSectionId };
    const moved = sortStructure(ctx, params.organizationId, params.siteId, item, pointers(position, (p) => ({ type: p.type, id: p.siteSection })));
    const found = movedItem(ctx, moved.site, moved.model, item);
    return { status: 200, body: found.type === 'site-section' ? presentSection(found.node, moved.site, ctx) : undefined };
  });

  router.get('/v1/orgs/{organizationId}/sites/{siteId}/section-groups', { effect: 'read', query: listQuery }, ({ ctx, params, query }) => {
    const { page, limit } = query;
    const result = listGroupsForCaller(ctx, params.organizationId, params.siteId, { page, limit });
    return { status: 200, body: listEnvelope(result.page, (row) => presentGroup(ctx, result.site, row.id)) };
  });

  router.post('/v1/orgs/{organizationId}/sites/{siteId}/section-groups', { effect: 'write', body: addSiteSectionGroupBody }, ({ ctx, params, body }) => {
    const { site, group, sections } = addGroup(ctx, params.organizationId, params.siteId, body);
    const location = `${ctx.baseUrl}/v1/orgs/${site.organization_id}/sites/${site.id}/section-groups/${group.id}`;
    return { status: 201, body: presentSectionGroup(group, sections, site, ctx), headers: { Location: location } };
  });

  router.patch('/v1/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}', { effect: 'write', body: updateSiteSectionGroupBody }, ({ ctx, params, body }) => {
    const input = body;
    const { site, group, sections } = updateGroupSettings(ctx, params.organizationId, params.siteId, params.siteSectionGroupId, input);
    return { status: 200, body: presentSectionGroup(group, sections, site, ctx) };
  });

  router.delete('/v1/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}', { effect: 'write' }, ({ ctx, params }) => ({
    status: deleteGroup(ctx, params.organizationId, params.siteId, params.siteSectionGroupId) ? 205 : 204,
  }));

  router.post('/v1/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections', { effect: 'write', body: addSectionToGroupBody }, ({ ctx, params, body }) => {
    const { sectionId } = body;
    const { site, group, sections } = addSectionToGroup(ctx, params.organizationId, params.siteId, params.siteSectionGroupId, sectionId);
    const location = `${ctx.baseUrl}/v1/orgs/${site.organization_id}/sites/${site.id}/section-groups/${group.id}`;
    return { status: 201, body: presentSectionGroup(group, sections, site, ctx), headers: { Location: location } };
  });

  router.delete('/v1/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections/{siteSectionId}', { effect: 'write' }, ({ ctx, params }) => ({
    status: removeSectionFromGroup(ctx, params.organizationId, params.siteId, params.siteSectionGroupId, params.siteSectionId) ? 205 : 204,
  }));

  router.post('/v1/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/move', { effect: 'write', body: moveSiteSectionGroupBody, optionalBody: true }, ({ ctx, params, body }) => {
    const { position } = body;
    const item = { type: 'site-section-group' as const, id: params.siteSectionGroupId };
    const moved = sortStructure(ctx, params.organizationId, params.siteId, item, position);
    return { status: 200, body: presentGroup(ctx, moved.site, item.id) };
  });

  router.post('/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/move', { effect: 'write', body: moveSiteSpaceBody, optionalBody: true }, ({ ctx, params, body }) => {
    const { position } = body;
    const item = { type: 'site-space' as const, id: params.siteSpaceId };
    const moved = sortStructure(ctx, params.organizationId, params.siteId, item, pointers(position, (p) => ({ type: p.type, id: p.siteSpace })));
    const found = movedItem(ctx, moved.site, moved.model, item);
    return { status: 200, body: found.type === 'site-space' ? presentSiteSpace(found.row, moved.site, ctx) : undefined };
  });

  router.get('/v1/orgs/{organizationId}/sites/{siteId}/structure', { effect: 'read' }, ({ ctx, params }) => {
    const { site, model } = getStructureForCaller(ctx, params.organizationId, params.siteId);
    return { status: 200, body: presentSiteStructure(model, site, ctx) };
  });

  router.patch('/v1/orgs/{organizationId}/sites/{siteId}/structure/sort', { effect: 'write', body: sortSiteStructureBody }, ({ ctx, params, body }) => {
    const { item, position } = body;
    const moved = sortStructure(ctx, params.organizationId, params.siteId, item, position);
    const found = movedItem(ctx, moved.site, moved.model, item);
    const presented =
      found.type === 'site-space'
        ? presentSiteSpace(found.row, moved.site, ctx)
        : found.type === 'site-section'
          ? presentSection(found.node, moved.site, ctx)
          : presentSectionGroup(found.group, found.sections, moved.site, ctx);
    return { status: 200, body: presented };
  });
}
