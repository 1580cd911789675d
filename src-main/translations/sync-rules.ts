import type { MemberRoleOrGuest } from '../../src-shared/roles';
import type { ServiceContext } from '../app/context';
import { translationOrganization } from '../store/translations';
import { TRANSLATION_ADMIN_ROLE } from './service';

/** As /v1 (translations/service.ts): the organization's admins make, change and delete its translations. */
export function translationRefusal(ctx: ServiceContext, key: string[], value: (column: string) => unknown, orgRole: (organizationId: unknown) => MemberRoleOrGuest | undefined) {
  const organizationId = translationOrganization(ctx.db, key[0]!) ?? value('organization_id');
  return orgRole(organizationId) === TRANSLATION_ADMIN_ROLE ? undefined : 'You need the admin role in this organization to change its translations';
}
