import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { StoreApi } from 'zustand/vanilla';
import type { AppRouter, Member, Page } from '../../api/types';
import type { FeatureDependencies } from '../../stores/feature-dependencies';
import { createOrgSectionStore, type OrgSectionState } from '../../stores/org-section';

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;
/** An invite by email waiting for its invitee, as the organization's admins see it. */
export type OrgInvite = Outputs['invites']['list']['items'][number];
type InviteResult = Outputs['invites']['inviteUsers'];

/** Pending invites shown in the members section. */
const ORG_INVITES_LIMIT = 100;
/** People one invite may name (the server's MAX_INVITES_PER_REQUEST). */
export const MAX_EMAILS_PER_INVITE = 10;

/** The slice of the tRPC client the members section's invites use. */
export interface OrgInvitesClient {
  invites: {
    list: { query(input: Inputs['invites']['list']): Promise<Page<OrgInvite>> };
    inviteUsers: { mutate(input: Inputs['invites']['inviteUsers']): Promise<InviteResult> };
    revoke: { mutate(input: Inputs['invites']['revoke']): Promise<{ revoked: boolean }> };
  };
}

type OrgInvitesAction = 'invite' | 'revoke';

interface OrgInvitesWrites {
  /** Invites the emails in `text` (separated by commas, spaces or lines) with `role`. */
  invite(text: string, role: Member['role']): Promise<boolean>;
  revoke(inviteId: string): Promise<boolean>;
}

type OrgInvitesState = OrgSectionState<OrgInvite, OrgInvitesAction> & OrgInvitesWrites;
export type OrgInvitesStore = StoreApi<OrgInvitesState>;

/** The distinct emails typed, or why they cannot be sent (the field first, as /v1 says it). */
export function parseEmails(text: string): { emails: string[] } | { error: string } {
  const emails = [...new Set(text.split(/[\s,;]+/).filter(Boolean).map((e) => e.toLowerCase()))];
  if (emails.length === 0) return { error: 'emails: enter at least one email address' };
  const wrong = emails.find((e) => !/^[^\s@]+@[^\s@]+$/.test(e));
  if (wrong) return { error: `emails: “${wrong}” is not an email address` };
  if (emails.length > MAX_EMAILS_PER_INVITE) return { error: `emails: at most ${MAX_EMAILS_PER_INVITE} people per invite (${emails.length} given)` };
  return { emails };
}

/** What an invite did, in words that say nobody has joined yet. */
export function describeInvited(emails: string[], result: InviteResult): string {
  if (result.invited === 0) return emails.length === 1 ? `${emails[0]} is already a member.` : 'Everyone listed is already a member.';
  const who = result.invited === 1 && emails.length === 1 ? emails[0] : `${result.invited} ${result.invited === 1 ? 'person' : 'people'}`;
  return `Invited ${who}. The invitation is pending: they join once they accept it.`;
}

/** An organization's pending invites by email (admins only: the section is not shown to others). */
export function createOrgInvitesStore({ client, onUnauthorized }: FeatureDependencies<OrgInvitesClient>): OrgInvitesStore {
  const fetchPending = (organizationId: string) => client.invites.list.query({ organizationId, limit: ORG_INVITES_LIMIT });
  const store: OrgInvitesStore = createOrgSectionStore<OrgInvite, OrgInvitesAction, OrgInvitesWrites>(fetchPending, onUnauthorized, ({ write, refuse, change }) => ({
    async invite(text, role) {
      const parsed = parseEmails(text);
      if ('error' in parsed) return refuse('invite', parsed.error) ?? false;
      let pending: Page<OrgInvite> | undefined;
      const result = await write(
        'invite',
        async (organizationId) => {
          const sent = await client.invites.inviteUsers.mutate({ organizationId, emails: parsed.emails, role });
          // The answer names nobody (it must not tell who has an account): the list says who is now invited.
          pending = await fetchPending(organizationId).catch(() => undefined);
          return sent;
        },
        (sent) => describeInvited(parsed.emails, sent),
      );
      if (pending) {
        const fresh = pending;
        const shown = store.getState().list;
        change(() => fresh.items, shown.status === 'ready' ? fresh.count - shown.count : 0);
      }
      return result !== undefined;
    },
    async revoke(inviteId) {
      const done = await write('revoke', (organizationId) => client.invites.revoke.mutate({ organizationId, inviteId }), () => 'Revoked the invitation.');
      if (done) change((items) => items.filter((i) => i.id !== inviteId), -1);
      return done !== undefined;
    },
  }));
  return store;
}
