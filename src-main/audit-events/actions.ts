/**
 * Every action Folio records in an organization's audit log, with the label GET …/audit-event-actions shows.
 * An id never changes once released (filters and exports name it); add new ones, never rename.
 */
export const AUDIT_EVENT_ACTIONS = {
  'organization.updated': 'Organization settings updated',
  'member.joined': 'Member joined',
  'member.role_updated': 'Member role changed',
  'member.removed': 'Member removed',
  'invite.created': 'Members invited',
  'invite.revoked': 'Invitation revoked',
  'team.created': 'Team created',
  'team.renamed': 'Team renamed',
  'team.deleted': 'Team deleted',
  'team.members_updated': 'Team members changed',
  'space.created': 'Space created',
  'space.updated': 'Space settings updated',
  'space.deleted': 'Space deleted',
  'space.restored': 'Space restored',
  'space.duplicated': 'Space duplicated',
  'space.moved': 'Space moved',
  'space.transferred': 'Space transferred to another organization',
  'collection.created': 'Collection created',
  'collection.updated': 'Collection settings updated',
  'collection.deleted': 'Collection deleted',
  'change_request.merged': 'Change request merged',
  'site.created': 'Site created',
  'site.updated': 'Site settings updated',
  'site.published': 'Site published',
  'site.unpublished': 'Site unpublished',
  'site.deleted': 'Site deleted',
  'integration.installed': 'Integration installed',
  'integration.uninstalled': 'Integration uninstalled',
  'integration.token_created': 'Integration installation token created',
  'saml.provider_created': 'SAML provider created',
  'saml.provider_updated': 'SAML provider updated',
  'saml.provider_deleted': 'SAML provider deleted',
  'permission.granted': 'Access granted',
  'permission.updated': 'Access changed',
  'permission.revoked': 'Access removed',
} as const;

export type AuditEventAction = keyof typeof AUDIT_EVENT_ACTIONS;
