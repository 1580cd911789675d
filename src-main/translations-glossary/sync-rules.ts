import type { MemberRoleOrGuest } from '../../src-shared/roles';
import type { ServiceContext } from '../app/context';
import { glossaryEntryOrganization } from '../store/glossary-entries';
import { TRANSLATION_ADMIN_ROLE } from '../translations/service';

/** As /v1 (translations-glossary/service.ts): the organization's admins change its translation glossary. */
export function glossaryRefusal(ctx: ServiceContext, key: string[], value: (column: string) => unknown, orgRole: (organizationId: unknown) => MemberRoleOrGuest | undefined) {
  const organizationId = glossaryEntryOrganization(ctx.db, key[0]!) ?? value('organization_id');
  return orgRole(organizationId) === TRANSLATION_ADMIN_ROLE ? undefined : 'You need the admin role in this organization to change its translation glossary';
}
