import { describe, expect, it, vi } from 'vitest';
import { createSharingStore, type SharingList, type SharingStore } from '../../../../src-renderer/src/components/sharing/sharing-store';
import { createNavigationStore } from '../../../../src-renderer/src/stores/navigation-store';
import { deferred, fakeClient, member, serverError, team, unauthorizedError } from '../../fake-client';

const SPACE = { kind: 'space', spaceId: 's-1' } as const;
const COLLECTION = { kind: 'collection', collectionId: 'c-1' } as const;

function setup() {
  const client = fakeClient({
    members: { 'org-acme': [member('u-ada', 'ada@acme.test'), member('u-grace', 'grace@acme.test', 'read')] },
    teams: { 'org-acme': [team('t-docs', 'Docs writers', 3)] },
  });
  const onUnauthorized = vi.fn();
  const store = createSharingStore({ client, onUnauthorized, navigation: createNavigationStore() });
  return { client, store, onUnauthorized };
}

function listOf(store: SharingStore): SharingList {
  const { load } = store.getState();
  if (load.status !== 'ready') throw new Error(`not ready: ${load.status}`);
  return load.list;
}

const rows = (store: SharingStore) => [
  ...listOf(store).users.map((row) => `${row.user.email} ${row.permission}`),
  ...listOf(store).teams.map((row) => `${row.team.title} ${row.permission}`),
];

describe('the sharing store', () => {
  it('invites a member and a team, changes a role and removes an invitation, showing what the server holds after each', async () => {
    const { client, store } = setup();
    await store.getState().open(SPACE);
    expect(rows(store)).toEqual([]);

    expect(await store.getState().invite('user', 'u-ada', 'edit')).toBe(true);
    expect(client.permissions.invite.mutate).toHaveBeenLastCalledWith({ target: SPACE, invite: { role: 'edit', users: ['u-ada'] } });
    expect(await store.getState().invite('team', 't-docs', 'comment')).toBe(true);
    expect(client.permissions.invite.mutate).toHaveBeenLastCalledWith({ target: SPACE, invite: { role: 'comment', teams: ['t-docs'] } });
    expect(rows(store)).toEqual(['ada@acme.test edit', 'Docs writers comment']);

    await store.getState().changeRole('user', 'u-ada', 'review');
    expect(client.permissions.update.mutate).toHaveBeenLastCalledWith({ target: SPACE, principal: 'user', principalId: 'u-ada', role: 'review' });
    expect(rows(store)).toEqual(['ada@acme.test review', 'Docs writers comment']);

    await store.getState().remove('team', 't-docs');
    expect(rows(store)).toEqual(['ada@acme.test review']);
    expect(store.getState().pending).toEqual({ invite: false, 'user:u-ada': false, 'team:t-docs': false });
  });

  it('keeps each object apart: another target starts from its own list', async () => {
    const { store } = setup();
    await store.getState().open(SPACE);
    await store.getState().invite('user', 'u-grace', 'admin');
    await store.getState().open(COLLECTION);
    expect(rows(store)).toEqual([]);
    await store.getState().open(SPACE);
    expect(rows(store)).toEqual(['grace@acme.test admin']);
  });

  it("says a refused change in the server's words, on the row or the form it came from", async () => {
    const { client, store } = setup();
    await store.getState().open(SPACE);
    expect(await store.getState().invite('user', 'u-stranger', 'edit')).toBe(false);
    expect(store.getState().errors.invite).toBe('users: not members of the organization');

    await store.getState().invite('user', 'u-ada', 'edit');
    expect(store.getState().errors.invite).toBeUndefined();
    client.permissions.update.mutate.mockRejectedValueOnce(serverError('You need the admin role to change who is invited to it', 'FORBIDDEN', 403));
    await store.getState().changeRole('user', 'u-ada', 'admin');
    expect(store.getState().errors['user:u-ada']).toBe('You need the admin role to change who is invited to it');
    expect(rows(store)).toEqual(['ada@acme.test edit']);
  });

  it('shows nothing but a note to someone who may not list, and an error with its words otherwise', async () => {
    const { client, store } = setup();
    client.permissions.listUsers.query.mockRejectedValueOnce(serverError('Space "s-1" not found'));
    await store.getState().open(SPACE);
    expect(store.getState().load).toEqual({ status: 'hidden', message: 'Space "s-1" not found' });

    client.permissions.listTeams.query.mockRejectedValueOnce(serverError('The database is busy', 'INTERNAL_SERVER_ERROR', 500));
    await store.getState().reload();
    expect(store.getState().load).toEqual({ status: 'error', message: 'The database is busy' });
  });

  it('drops a list that arrives after the panel moved to another object or closed', async () => {
    const { client, store } = setup();
    const held = deferred<{ items: never[]; count: number }>();
    client.permissions.listUsers.query.mockImplementationOnce(() => held.promise);
    const first = store.getState().open(SPACE);
    await store.getState().open(COLLECTION);
    await store.getState().invite('user', 'u-ada', 'read');
    held.resolve({ items: [], count: 0 });
    await first;
    expect(store.getState().target).toEqual(COLLECTION);
    expect(rows(store)).toEqual(['ada@acme.test read']);

    store.getState().close();
    expect(store.getState().load).toEqual({ status: 'idle' });
  });

  it('hands a rejected token to the session', async () => {
    const { client, store, onUnauthorized } = setup();
    client.permissions.listUsers.query.mockRejectedValueOnce(unauthorizedError());
    await store.getState().open(SPACE);
    expect(onUnauthorized).toHaveBeenCalledWith('Missing or invalid API token');
  });
});
