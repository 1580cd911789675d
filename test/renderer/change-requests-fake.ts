import { vi } from 'vitest';
import type { ChangeRequest, ChangeRequestsClient, SemanticChange } from '../../src-renderer/src/components/change-requests/change-requests-store';
import { page, serverError, user } from './fake-client';

type Status = ChangeRequest['status'];

/** A change request as the server presents it. */
export function changeRequest(id: string, number: number, subject: string, options: Partial<ChangeRequest> = {}): ChangeRequest {
  return {
    object: 'change-request',
    id,
    number,
    status: 'draft',
    subject,
    createdBy: user(),
    createdAt: '2025-03-12T10:00:00.000Z',
    updatedAt: '2025-03-12T10:00:00.000Z',
    space: 's-docs',
    revision: `rev-${id}`,
    revisionInitial: 'rev-main-1',
    comments: 0,
    outdated: false,
    urls: { app: `http://folio.test/s/s-docs/~/changes/${number}`, location: `http://folio.test/v1/spaces/s-docs/change-requests/${id}` },
    ...options,
  };
}

export function pageCreated(id: string, title: string, text: string): SemanticChange {
  return { type: 'page_created', page: { id, type: 'document', title, path: id }, diff: [{ type: 'insert', text }] };
}

/** The change-request procedures over plain data, each a vi.fn (replace one answer with mock*Once). */
export function fakeChangeRequestsClient(requests: ChangeRequest[], changes: Record<string, SemanticChange[]> = {}) {
  const find = (changeRequestId: string) => {
    const index = requests.findIndex((cr) => cr.id === changeRequestId || String(cr.number) === changeRequestId);
    if (index < 0) throw serverError(`Change request "${changeRequestId}" not found`);
    return index;
  };
  const replace = (index: number, fields: Partial<ChangeRequest>) => (requests[index] = { ...requests[index]!, ...fields });
  const client = {
    changeRequests: {
      list: { query: vi.fn(async (input: { spaceId: string; status?: Status }) => page(requests.filter((cr) => cr.status === (input.status ?? 'open')))) },
      get: { query: vi.fn(async (input: { changeRequestId: string }) => requests[find(input.changeRequestId)]!) },
      create: {
        mutate: vi.fn(async (input: { spaceId: string; subject?: string }) => {
          const number = requests.length + 1;
          const made = changeRequest(`cr-${number}`, number, input.subject ?? '');
          requests.push(made);
          return made;
        }),
      },
      edit: {
        mutate: vi.fn(async (input: { changeRequestId: string; subject?: string; status?: 'draft' | 'open' | 'archived' }) => {
          const index = find(input.changeRequestId);
          return replace(index, { ...(input.subject !== undefined ? { subject: input.subject } : {}), ...(input.status ? { status: input.status } : {}) });
        }),
      },
      updateFromMain: {
        mutate: vi.fn(async (input: { changeRequestId: string }) => {
          replace(find(input.changeRequestId), { outdated: false });
          return { revision: 'rev-update', result: 'update' as const };
        }),
      },
      merge: {
        mutate: vi.fn(async (input: { changeRequestId: string }) => {
          replace(find(input.changeRequestId), { status: 'merged' });
          return { revision: 'rev-merge', result: 'merge' as const };
        }),
      },
      changes: {
        query: vi.fn(async (input: { changeRequestId: string; limit?: number }) => {
          const all = changes[requests[find(input.changeRequestId)]!.id] ?? [];
          const limit = input.limit ?? 10;
          return { changes: all.slice(0, limit), ...(all.length > limit ? { more: all.length - limit } : {}) };
        }),
      },
    },
  } satisfies ChangeRequestsClient;
  return client;
}
