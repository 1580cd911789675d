import { type MemberRoleOrGuest, roleAtLeast } from '../../src-shared/roles';
import type { MergeRulesStandalone } from '../../src-shared/schemas/merge-rules';
import type { CallContext, PresentContext } from '../app/context';
import { getOrganizationMergeRules } from '../store/merge-rules';
import { ownsTeamIn } from '../store/teams';
import type { OrganizationRow } from '../store/orgs';

/** Permissions are computed for the caller from their role (undefined: not a member) and team ownership. */
function organizationPermissions(role: MemberRoleOrGuest | undefined, ownsTeam: boolean) {
  const admin = role === 'admin';
  const member = roleAtLeast(role, 'read');
  return {
    view: role !== undefined,
    access: role !== undefined,
    admin,
    ownTeam: ownsTeam,
    createContent: roleAtLeast(role, 'create'),
    createOpenAPISpec: roleAtLeast(role, 'create'),
    ingestConversations: admin,
    viewBilling: admin,
    listMembers: member,
    listTeams: member,
    listIntegrations: member,
    listInstallations: admin,
    installIntegration: admin,
  };
}

function presentOrganization(
  org: OrganizationRow,
  caller: { role: MemberRoleOrGuest | undefined; ownsTeam: boolean },
  pc: PresentContext,
  mergeRules: MergeRulesStandalone = { type: 'none' },
) {
  return {
    object: 'organization' as const,
    id: org.id,
    title: org.title,
    createdAt: org.created_at,
    emailDomains: JSON.parse(org.email_domains) as string[],
    ...(org.hostname ? { hostname: org.hostname } : {}),
    type: org.type,
    defaultRole: org.default_role,
    ...(org.default_content ? { defaultContent: JSON.parse(org.default_content) as { type: 'site'; site: string } } : {}),
    sso: org.sso === 1,
    ai: org.ai === 1,
    inviteLinks: org.invite_links === 1,
    // Folio has no billing: every organization is on the free plan and no trial applies.
    plan: org.plan,
    urls: {
      location: `${pc.baseUrl}/v1/orgs/${org.id}`,
      app: `${pc.baseUrl}/o/${org.id}`,
      ...(org.logo ? { logo: org.logo } : {}),
    },
    trial: { status: 'notapplicable' as const, count: 0 },
    // The rules its spaces inherit (store/merge-rules.ts): none until an admin sets some.
    mergeRules,
    permissions: organizationPermissions(caller.role, caller.ownsTeam),
  };
}

/** Presents an organization for the caller, whose role in it is known. */
export function presentOrganizationFor(ctx: CallContext, org: OrganizationRow, role: MemberRoleOrGuest | undefined) {
  return presentOrganization(org, { role, ownsTeam: ownsTeamIn(ctx.db, org.id, ctx.user.id) }, ctx, getOrganizationMergeRules(ctx.db, org.id));
}
