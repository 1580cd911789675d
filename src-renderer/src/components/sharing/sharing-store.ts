import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError } from '../../api/errors';
import type { FolioClient, Page, PermissionTarget, TeamPermission, UserPermission } from '../../api/types';
import type { FeatureDependencies } from '../../stores/feature-dependencies';
import type { MemberRole } from '../../../../src-shared/roles';

/** The slice of the client the sharing panels use. */
export type SharingClient = Pick<FolioClient, 'permissions'>;

export type Principal = 'user' | 'team';

/** Invitations asked for per call, and how many pages at most: objects have a handful, a list says when cut. */
const SHARING_PAGE_SIZE = 100;
const MAX_PAGES = 10;

export interface SharingList {
  users: UserPermission[];
  teams: TeamPermission[];
  /** More invitations exist than were fetched. */
  truncated: boolean;
}

type SharingLoad =
  | { status: 'idle' }
  | { status: 'loading' }
  /** The caller cannot see who is invited (FORBIDDEN / NOT_FOUND): the panel shows nothing but that. */
  | { status: 'hidden'; message: string }
  | { status: 'error'; message: string }
  | { status: 'ready'; list: SharingList };

/** What a pending flag or an error belongs to: the invite form, or one invitation (`user:u-1`, `team:t-1`). */
type SharingAction = 'invite' | `${Principal}:${string}`;

interface SharingState {
  /** The object the panel shows; answers for another one are dropped. */
  target?: PermissionTarget;
  load: SharingLoad;
  pending: Partial<Record<SharingAction, boolean>>;
  /** Each action's failure in the server's words. */
  errors: Partial<Record<SharingAction, string>>;
  /** Shows who is invited to `target`. */
  open(target: PermissionTarget): Promise<void>;
  reload(): Promise<void>;
  close(): void;
  /** Invites one member or team with `role`; true once the server has it. */
  invite(principal: Principal, id: string, role: MemberRole): Promise<boolean>;
  changeRole(principal: Principal, id: string, role: MemberRole): Promise<void>;
  remove(principal: Principal, id: string): Promise<void>;
  clearError(action: SharingAction): void;
}

export type SharingStore = StoreApi<SharingState>;

export const actionKey = (principal: Principal, id: string): SharingAction => `${principal}:${id}`;

/** The same object, whatever order its fields came in. */
export function targetKey(target: PermissionTarget): string {
  switch (target.kind) {
    case 'space':
      return `space:${target.spaceId}`;
    case 'collection':
      return `collection:${target.collectionId}`;
    case 'site':
      return `site:${target.organizationId}/${target.siteId}`;
  }
}

function refusedListing(error: unknown): boolean {
  const code = (error as { data?: { code?: unknown } | null } | undefined)?.data?.code;
  return code === 'FORBIDDEN' || code === 'NOT_FOUND';
}

/** Every page of one list, up to MAX_PAGES. */
async function fetchAll<T>(fetch: (page?: string) => Promise<Page<T>>): Promise<{ items: T[]; truncated: boolean }> {
  const items: T[] = [];
  let next: string | undefined;
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    const page = await fetch(next);
    items.push(...page.items);
    next = page.next?.page;
    if (!next) return { items, truncated: false };
  }
  return { items, truncated: true };
}

/**
 * The sharing panel of one space, collection or site at a time (docs/permissions.md): who is invited and
 * with which role. Every change is followed by a fresh list, so the panel shows what the server holds.
 */
export function createSharingStore({ client, onUnauthorized }: FeatureDependencies<SharingClient>): SharingStore {
  // Bumped by every open/close/reload: an answer started before the latest one is stale.
  let generation = 0;

  const explain = (error: unknown) => {
    const described = describeError(error);
    if (described.unauthorized) onUnauthorized(described.message);
    return described.message;
  };

  return createStore<SharingState>()((set, get) => {
    const setPending = (action: SharingAction, on: boolean) => set((state) => ({ pending: { ...state.pending, [action]: on } }));
    const setError = (action: SharingAction, message: string | undefined) => set((state) => ({ errors: { ...state.errors, [action]: message } }));

    async function fetchList(target: PermissionTarget, quietly: boolean): Promise<void> {
      const asked = ++generation;
      if (!quietly) set({ load: { status: 'loading' } });
      try {
        const [users, teams] = await Promise.all([
          fetchAll((page) => client.permissions.listUsers.query({ target, limit: SHARING_PAGE_SIZE, page })),
          fetchAll((page) => client.permissions.listTeams.query({ target, limit: SHARING_PAGE_SIZE, page })),
        ]);
        if (asked !== generation) return;
        set({ load: { status: 'ready', list: { users: users.items, teams: teams.items, truncated: users.truncated || teams.truncated } } });
      } catch (error) {
        const message = explain(error);
        if (asked !== generation) return;
        set({ load: refusedListing(error) ? { status: 'hidden', message } : { status: 'error', message } });
      }
    }

    /** Runs a change of the open object's invitations under `action`, then shows the list as it now is. */
    async function change(action: SharingAction, run: (target: PermissionTarget) => Promise<unknown>): Promise<boolean> {
      const target = get().target;
      if (!target || get().pending[action]) return false;
      const key = targetKey(target);
      setPending(action, true);
      setError(action, undefined);
      try {
        await run(target);
        return true;
      } catch (error) {
        if (get().target && targetKey(get().target!) === key) setError(action, explain(error));
        return false;
      } finally {
        setPending(action, false);
        // A failed change may still mean the list moved on (someone else removed the row): show it either way.
        if (get().target && targetKey(get().target!) === key) await fetchList(target, true);
      }
    }

    return {
      load: { status: 'idle' },
      pending: {},
      errors: {},

      async open(target) {
        const current = get().target;
        if (!current || targetKey(current) !== targetKey(target)) set({ target, pending: {}, errors: {} });
        await fetchList(target, get().load.status === 'ready' && current !== undefined && targetKey(current) === targetKey(target));
      },

      async reload() {
        const target = get().target;
        if (target) await fetchList(target, false);
      },

      close() {
        generation++;
        set({ target: undefined, load: { status: 'idle' }, pending: {}, errors: {} });
      },

      invite: (principal, id, role) =>
        change('invite', (target) =>
          client.permissions.invite.mutate({ target, invite: principal === 'user' ? { role, users: [id] } : { role, teams: [id] } }),
        ),

      async changeRole(principal, id, role) {
        await change(actionKey(principal, id), (target) => client.permissions.update.mutate({ target, principal, principalId: id, role }));
      },

      async remove(principal, id) {
        await change(actionKey(principal, id), (target) => client.permissions.remove.mutate({ target, principal, principalId: id }));
      },

      clearError(action) {
        setError(action, undefined);
      },
    };
  });
}
