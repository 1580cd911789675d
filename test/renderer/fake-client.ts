import { vi } from 'vitest';
import type { Collection, FolioClient, Member, Organization, Page, Space, Team, User } from '../../src-renderer/src/api/types';
import { type FakeInvitations, fakePermissions } from './permissions-fake';

/** What the stores see when the server refuses a call: a tRPC client error with the server's code and message. */
export function serverError(message: string, code = 'NOT_FOUND', httpStatus = 404): Error {
  return Object.assign(new Error(message), { name: 'TRPCClientError', data: { code, httpStatus } });
}

export const unauthorizedError = () => serverError('Missing or invalid API token', 'UNAUTHORIZED', 401);

export function page<T>(items: T[], next?: string, count = items.length): Page<T> {
  return { items, count, ...(next ? { next: { page: next } } : {}) };
}

export function user(id = 'u-owner', email = 'owner@folio.localhost', displayName = 'Owner'): User {
  return { object: 'user', id, email, displayName, urls: { location: `http://folio.test/v1/users/${id}` } };
}

/**
 * An organization with the fields the page reads. The presented object has many more (and grows with the
 * API), which the stores pass through untouched, hence the cast.
 */
export function organization(id: string, title: string): Organization {
  const fields: Pick<Organization, 'object' | 'id' | 'title' | 'createdAt'> = {
    object: 'organization',
    id,
    title,
    createdAt: '2025-03-12T10:00:00.000Z',
  };
  return fields as Organization;
}

export function member(id: string, email: string, role: Member['role'] = 'edit'): Member {
  return {
    object: 'member',
    id,
    role,
    user: user(id, email, email.split('@')[0]!),
    disabled: false,
    joinedAt: '2025-03-12T10:00:00.000Z',
    sso: false,
    spaces: 0,
    teams: 0,
    sites: 0,
  };
}

export function team(id: string, title: string, members = 0): Team {
  return {
    object: 'team',
    id,
    title,
    members,
    spaces: 0,
    createdAt: '2025-03-12T10:00:00.000Z',
    permissions: { admin: true, view: true },
  };
}

const BASE = 'http://folio.test';

/** A space as the server presents it; `parent` puts it in a collection (with in-collection visibility). */
export function space(id: string, title: string, options: Partial<Space> & { organization?: string } = {}): Space {
  const parent = options.parent;
  return {
    object: 'space',
    id,
    title,
    emoji: '',
    visibility: parent ? 'in-collection' : 'private',
    createdAt: '2025-03-12T10:00:00.000Z',
    updatedAt: '2025-03-12T10:00:00.000Z',
    editMode: 'live',
    urls: { location: `${BASE}/v1/spaces/${id}`, app: `${BASE}/s/${id}` },
    organization: 'org-acme',
    revision: `rev-${id}`,
    defaultLevel: 'inherit',
    comments: 0,
    changeRequests: 0,
    changeRequestsOpen: 0,
    changeRequestsDraft: 0,
    mergeRules: { type: 'inherit' },
    permissions: {
      view: true,
      access: true,
      admin: true,
      viewInviteLinks: true,
      edit: true,
      triggerGitSync: true,
      comment: true,
      merge: true,
      review: true,
      installIntegration: true,
    },
    ...options,
  };
}

export function collection(id: string, title: string, options: Partial<Collection> = {}): Collection {
  return {
    object: 'collection',
    id,
    title,
    organization: 'org-acme',
    defaultLevel: 'inherit',
    urls: { location: `${BASE}/v1/collections/${id}`, app: `${BASE}/c/${id}` },
    permissions: { view: true, admin: true, viewInviteLinks: true, create: true },
    ...options,
  };
}

export interface FakeData {
  viewer?: User;
  organizations?: Organization[];
  members?: Record<string, Member[]>;
  teams?: Record<string, Team[]>;
  /** Live spaces of each organization, in list order. The fake's mutations change these arrays. */
  spaces?: Record<string, Space[]>;
  collections?: Record<string, Collection[]>;
  /** Invitations on spaces, collections and sites (permissions-fake.ts). */
  invitations?: FakeInvitations;
}

const notFoundError = (what: string, id: string) => serverError(`${what} "${id}" not found`);

/**
 * A FolioClient answering from plain data; each procedure is a vi.fn, so a test can inspect calls or
 * replace one answer (mockRejectedValueOnce, mockImplementationOnce).
 */
export function fakeClient(data: FakeData = {}) {
  const spacesOf = (organizationId: string) => ((data.spaces ??= {})[organizationId] ??= []);
  const collectionsOf = (organizationId: string) => ((data.collections ??= {})[organizationId] ??= []);
  /** Deleted spaces, restorable, as the server's trash. */
  const trash = new Map<string, Space>();
  let created = 0;
  const findSpace = (spaceId: string) => {
    for (const spaces of Object.values(data.spaces ?? {})) {
      const index = spaces.findIndex((s) => s.id === spaceId);
      if (index >= 0) return { spaces, index, space: spaces[index]! };
    }
    throw notFoundError('Space', spaceId);
  };

  const client = {
    user: { me: { query: vi.fn(async () => data.viewer ?? user()) } },
    orgs: { list: { query: vi.fn(async (_input: { limit?: number; page?: string }) => page(data.organizations ?? [])) } },
    members: {
      list: { query: vi.fn(async (input: { organizationId: string; page?: string }) => page(data.members?.[input.organizationId] ?? [])) },
    },
    teams: {
      list: { query: vi.fn(async (input: { organizationId: string; page?: string }) => page(data.teams?.[input.organizationId] ?? [])) },
    },
    spaces: {
      list: { query: vi.fn(async (input: { organizationId: string; page?: string; limit?: number }) => page([...spacesOf(input.organizationId)])) },
      get: { query: vi.fn(async (input: { spaceId: string }) => findSpace(input.spaceId).space) },
      create: {
        mutate: vi.fn(async (input: { organizationId: string; title?: string; emoji?: string; parent?: string }) => {
          created += 1;
          const made = space(`s-new-${created}`, input.title ?? '', {
            organization: input.organizationId,
            emoji: input.emoji ?? '',
            ...(input.parent ? { parent: input.parent, visibility: 'in-collection' } : {}),
          });
          spacesOf(input.organizationId).push(made);
          return made;
        }),
      },
      update: {
        mutate: vi.fn(async (input: { spaceId: string; title?: string }) => {
          const found = findSpace(input.spaceId);
          const updated = { ...found.space, ...(input.title !== undefined ? { title: input.title } : {}), updatedAt: '2025-03-13T10:00:00.000Z' };
          found.spaces[found.index] = updated;
          return updated;
        }),
      },
      delete: {
        mutate: vi.fn(async (input: { spaceId: string }): Promise<void> => {
          const found = findSpace(input.spaceId);
          found.spaces.splice(found.index, 1);
          trash.set(found.space.id, found.space);
        }),
      },
      restore: {
        mutate: vi.fn(async (input: { spaceId: string }) => {
          const deleted = trash.get(input.spaceId);
          if (!deleted) throw serverError('This space is not deleted', 'CONFLICT', 409);
          trash.delete(input.spaceId);
          spacesOf(deleted.organization).push(deleted); // last among its siblings, as the server does
          return deleted;
        }),
      },
      move: {
        mutate: vi.fn(async (input: { spaceId: string; position?: { before?: { type: 'space'; space: string } | { type: 'collection'; collection: string } } }) => {
          const found = findSpace(input.spaceId);
          const anchor = input.position?.before;
          found.spaces.splice(found.index, 1);
          const at = anchor && anchor.type === 'space' ? found.spaces.findIndex((s) => s.id === anchor.space) : -1;
          found.spaces.splice(at < 0 ? found.spaces.length : at, 0, found.space);
          return found.space;
        }),
      },
    },
    collections: {
      list: {
        query: vi.fn(async (input: { organizationId: string; nested?: boolean; page?: string; limit?: number }) =>
          page([...collectionsOf(input.organizationId)]),
        ),
      },
      create: {
        mutate: vi.fn(async (input: { organizationId: string; title?: string; parent?: string }) => {
          created += 1;
          const made = collection(`c-new-${created}`, input.title ?? '', {
            organization: input.organizationId,
            ...(input.parent ? { parent: input.parent } : {}),
          });
          collectionsOf(input.organizationId).push(made);
          return made;
        }),
      },
    },
    permissions: fakePermissions(data),
  } satisfies FolioClient;
  return client;
}

/** A promise the test settles by hand, to hold an answer back and release it out of order. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
