import { vi } from 'vitest';
import type { FolioClient, Member, Organization, Page, Team, User } from '../../src-renderer/src/api/types';

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

export interface FakeData {
  viewer?: User;
  organizations?: Organization[];
  members?: Record<string, Member[]>;
  teams?: Record<string, Team[]>;
}

/**
 * A FolioClient answering from plain data; each procedure is a vi.fn, so a test can inspect calls or
 * replace one answer (mockRejectedValueOnce, mockImplementationOnce).
 */
export function fakeClient(data: FakeData = {}) {
  const client = {
    user: { me: { query: vi.fn(async () => data.viewer ?? user()) } },
    orgs: { list: { query: vi.fn(async (_input: { limit?: number; page?: string }) => page(data.organizations ?? [])) } },
    members: {
      list: { query: vi.fn(async (input: { organizationId: string; page?: string }) => page(data.members?.[input.organizationId] ?? [])) },
    },
    teams: {
      list: { query: vi.fn(async (input: { organizationId: string; page?: string }) => page(data.teams?.[input.organizationId] ?? [])) },
    },
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
