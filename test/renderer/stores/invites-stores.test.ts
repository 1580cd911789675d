import { describe, expect, it, vi } from 'vitest';
import { createInvitationsStore, followInvitations, type Invitation, type InvitationsClient } from '../../../src-renderer/src/components/invites/invitations-store';
import { createNavigationStore } from '../../../src-renderer/src/stores/navigation-store';
import { createOrgInvitesStore, describeInvited, type OrgInvite, type OrgInvitesClient, parseEmails } from '../../../src-renderer/src/components/invites/org-invites-store';
import { page, serverError } from '../fake-client';

const ORG = 'org-acme';

const invitation = (id: string, title = 'Acme', extra: Partial<Invitation> = {}): Invitation => ({
  object: 'organization-invite',
  id,
  email: 'ada@example.com',
  role: 'edit',
  sso: false,
  organization: { id: `org-${id}`, title },
  invitedBy: { displayName: 'Owner' },
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  expiresAt: '2026-02-04T10:00:00.000Z',
  ...extra,
});

function invitationsSetup(items: Invitation[]) {
  const client = {
    invites: {
      listMy: { query: vi.fn(async (_input: { limit?: number }) => page([...items])) },
      join: { mutate: vi.fn(async (_input: { organizationId: string; inviteId: string }) => ({ accepted: true })) },
      decline: { mutate: vi.fn(async (_input: { inviteId: string }) => ({ declined: true })) },
    },
  } satisfies InvitationsClient;
  return { client, store: createInvitationsStore({ client, onUnauthorized: vi.fn() }) };
}

describe('the invitations store', () => {
  it('accepts an invitation, drops it from the list and says who was joined', async () => {
    const { store, client } = invitationsSetup([invitation('i1', 'Acme'), invitation('i2', 'Globex')]);
    await store.getState().load();
    expect(store.getState().list).toMatchObject({ status: 'ready', count: 2 });

    expect(await store.getState().accept(invitation('i1', 'Acme'))).toBe(true);
    expect(client.invites.join.mutate).toHaveBeenCalledWith({ organizationId: 'org-i1', inviteId: 'i1' });
    expect(store.getState()).toMatchObject({ list: { items: [{ id: 'i2' }], count: 1 }, notice: 'You joined Acme.', joined: { organizationId: 'org-i1' } });
  });

  it('declines an invitation without joining', async () => {
    const { store, client } = invitationsSetup([invitation('i1', 'Acme')]);
    await store.getState().load();
    expect(await store.getState().decline(invitation('i1', 'Acme'))).toBe(true);
    expect(client.invites.decline.mutate).toHaveBeenCalledWith({ inviteId: 'i1' });
    expect(store.getState()).toMatchObject({ list: { items: [], count: 0 }, notice: 'Declined the invitation to Acme.' });
    expect(store.getState().joined).toBeUndefined();
  });

  it("keeps the invitation and shows the server's words when answering fails", async () => {
    const { store, client } = invitationsSetup([invitation('i1')]);
    client.invites.join.mutate.mockRejectedValueOnce(serverError('Invite "i1" not found'));
    await store.getState().load();
    expect(await store.getState().accept(invitation('i1'))).toBe(false);
    expect(store.getState()).toMatchObject({ list: { count: 1 }, error: { inviteId: 'i1', message: 'Invite "i1" not found' } });
  });

  it('has the organizations list load again and open the organization joined', async () => {
    const { store } = invitationsSetup([invitation('i1')]);
    const calls: string[] = [];
    const organizations = {
      getState: () => ({
        load: async () => void calls.push('load'),
        select: async (id: string) => void calls.push(`select ${id}`),
      }),
    };
    followInvitations(store, organizations);
    await store.getState().load();
    await store.getState().accept(invitation('i1'));
    await vi.waitFor(() => expect(calls).toEqual(['load', 'select org-i1']));
  });
});

const orgInvite = (email: string, role: OrgInvite['role'] = 'read') => invitation(`inv-${email}`, 'Acme', { email, role, organization: { id: ORG, title: 'Acme' } });

function orgInvitesSetup() {
  const pending: OrgInvite[] = [];
  const client = {
    invites: {
      list: { query: vi.fn(async (_input: { organizationId: string; limit?: number }) => page([...pending])) },
      inviteUsers: {
        mutate: vi.fn(async (input: { organizationId: string; emails: Array<string | { email: string }>; role?: OrgInvite['role'] }) => {
          for (const email of input.emails as string[]) pending.push(orgInvite(email, input.role ?? 'read'));
          return { users: [] as string[], invited: input.emails.length };
        }),
      },
      revoke: { mutate: vi.fn(async (_input: { organizationId: string; inviteId: string }) => ({ revoked: true })) },
    },
  } satisfies OrgInvitesClient;
  return { client, store: createOrgInvitesStore({ client, onUnauthorized: vi.fn(), navigation: createNavigationStore() }) };
}

describe('the organization invites store', () => {
  it('invites, says the invitation is pending, and shows it among the pending ones', async () => {
    const { store, client } = orgInvitesSetup();
    await store.getState().load(ORG);
    expect(await store.getState().invite(' Ada@Example.com,\ngrace@example.com ada@example.com ', 'edit')).toBe(true);
    expect(client.invites.inviteUsers.mutate).toHaveBeenCalledWith({ organizationId: ORG, emails: ['ada@example.com', 'grace@example.com'], role: 'edit' });
    expect(store.getState().notice).toBe('Invited 2 people. The invitation is pending: they join once they accept it.');
    expect(store.getState().list).toMatchObject({ count: 2, items: [{ email: 'ada@example.com', role: 'edit' }, { email: 'grace@example.com' }] });

    expect(await store.getState().revoke('inv-ada@example.com')).toBe(true);
    expect(store.getState()).toMatchObject({ list: { count: 1, items: [{ email: 'grace@example.com' }] }, notice: 'Revoked the invitation.' });
  });

  it('refuses what the server would refuse, without asking it', async () => {
    const { store, client } = orgInvitesSetup();
    await store.getState().load(ORG);
    expect(await store.getState().invite('  ', 'read')).toBe(false);
    expect(store.getState().errors.invite).toBe('emails: enter at least one email address');
    const eleven = Array.from({ length: 11 }, (_, i) => `p${i}@example.com`).join(' ');
    expect(await store.getState().invite(eleven, 'read')).toBe(false);
    expect(store.getState().errors.invite).toBe('emails: at most 10 people per invite (11 given)');
    expect(client.invites.inviteUsers.mutate).not.toHaveBeenCalled();
  });

  it("shows the server's refusal (the rate limit) in its words", async () => {
    const { store, client } = orgInvitesSetup();
    client.invites.inviteUsers.mutate.mockRejectedValueOnce(serverError('Too many invites: try again in 60 seconds', 'TOO_MANY_REQUESTS', 429));
    await store.getState().load(ORG);
    expect(await store.getState().invite('ada@example.com', 'read')).toBe(false);
    expect(store.getState().errors.invite).toBe('Too many invites: try again in 60 seconds');
  });
});

describe('the words of an invite', () => {
  it('parse emails and describe what was done', () => {
    expect(parseEmails('a@x.io; b@x.io')).toEqual({ emails: ['a@x.io', 'b@x.io'] });
    expect(parseEmails('a@x.io nope')).toEqual({ error: 'emails: “nope” is not an email address' });
    expect(describeInvited(['a@x.io'], { users: [], invited: 1 })).toBe('Invited a@x.io. The invitation is pending: they join once they accept it.');
    expect(describeInvited(['a@x.io'], { users: [], invited: 0 })).toBe('a@x.io is already a member.');
  });
});
