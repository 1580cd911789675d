import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError } from '../../api/errors';
import type { AppRouter, Page } from '../../api/types';
import { firstPage, IDLE, type ListState, listFailed, LOADING } from '../../stores/list-state';

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;
/** An invite addressed to the signed-in person: which organization asks, with which role, and who asked. */
export type Invitation = Outputs['invites']['listMy']['items'][number];

/** Invitations shown at once; a person rarely has more than a few. */
const INVITATIONS_LIMIT = 100;

/** The slice of the tRPC client the invitations panel uses. */
export interface InvitationsClient {
  invites: {
    listMy: { query(input: Inputs['invites']['listMy']): Promise<Page<Invitation>> };
    join: { mutate(input: Inputs['invites']['join']): Promise<{ accepted: boolean }> };
    decline: { mutate(input: Inputs['invites']['decline']): Promise<{ declined: boolean }> };
  };
}

interface InvitationsState {
  list: ListState<Invitation>;
  /** The invitation being answered; one at a time. */
  answering?: string;
  /** Why answering an invitation failed, in the server's words. */
  error?: { inviteId: string; message: string };
  /** What the last answer did, for a live region. */
  notice?: string;
  /** The organization last joined here; the organizations list follows it (followInvitations). */
  joined?: { organizationId: string };
  /** Fetches the signed-in person's invitations (again). */
  load(): Promise<void>;
  accept(invitation: Invitation): Promise<boolean>;
  decline(invitation: Invitation): Promise<boolean>;
}

export type InvitationsStore = StoreApi<InvitationsState>;

interface InvitationsDependencies {
  client: InvitationsClient;
  onUnauthorized(message: string): void;
}

/**
 * The invitations waiting for the signed-in person: nobody joins an organization until they accept (issue 14).
 * Accepting joins at once; declining tells nobody but removes the invitation.
 */
export function createInvitationsStore({ client, onUnauthorized }: InvitationsDependencies): InvitationsStore {
  const explain = (error: unknown) => {
    const { message, unauthorized } = describeError(error);
    if (unauthorized) onUnauthorized(message);
    return message;
  };
  // Bumped by each load: an answer to an older load is stale.
  let generation = 0;

  return createStore<InvitationsState>()((set, get) => {
    /** Answers one invitation, then drops it from the list. */
    async function answer(invitation: Invitation, run: () => Promise<unknown>, notice: string): Promise<boolean> {
      if (get().answering) return false;
      set({ answering: invitation.id, error: undefined, notice: undefined });
      try {
        await run();
        const list = get().list;
        if (list.status === 'ready') {
          set({ list: { ...list, items: list.items.filter((i) => i.id !== invitation.id), count: list.count - 1 } });
        }
        set({ answering: undefined, notice });
        return true;
      } catch (error) {
        set({ answering: undefined, error: { inviteId: invitation.id, message: explain(error) } });
        return false;
      }
    }

    return {
      list: IDLE,

      async load() {
        generation += 1;
        const started = generation;
        set({ list: LOADING, error: undefined });
        try {
          const page = await client.invites.listMy.query({ limit: INVITATIONS_LIMIT });
          if (started === generation) set({ list: firstPage(page) });
        } catch (error) {
          const message = explain(error);
          if (started === generation) set({ list: listFailed(message) });
        }
      },

      async accept(invitation) {
        const { id: organizationId, title } = invitation.organization;
        const done = await answer(
          invitation,
          () => client.invites.join.mutate({ organizationId, inviteId: invitation.id }),
          `You joined ${title}.`,
        );
        if (done) set({ joined: { organizationId } });
        return done;
      },

      decline(invitation) {
        return answer(invitation, () => client.invites.decline.mutate({ inviteId: invitation.id }), `Declined the invitation to ${invitation.organization.title}.`);
      },
    };
  });
}

/** What the organizations list does when an invitation is accepted: loads again, and opens the one joined. */
interface JoinFollower {
  getState(): { load(): Promise<void>; select(organizationId: string): Promise<void> };
}

/** Opens the organization an accepted invitation joined, once the organizations list has it. */
export function followInvitations(invitations: InvitationsStore, organizations: JoinFollower): void {
  invitations.subscribe((state, previous) => {
    if (!state.joined || state.joined === previous.joined) return;
    const { organizationId } = state.joined;
    void organizations
      .getState()
      .load()
      .then(() => organizations.getState().select(organizationId));
  });
}
