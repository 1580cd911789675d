import { vi } from 'vitest';
import * as Y from 'yjs';
import type { PageSyncClient } from '../../../src-renderer/src/editor/page-sync';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

/** What a failed call looks like when the server could not be reached: a tRPC client error without `data`. */
export const networkError = () => Object.assign(new Error('fetch failed'), { name: 'TRPCClientError' });

/**
 * The main process's side of page bodies, in memory: a Y.Doc per page answering content.body and
 * content.pushBody as the real procedures do (diff since a state vector; apply an update).
 */
export function fakeBodyServer(markdown = '') {
  const doc = new Y.Doc();
  doc.getText('markdown').insert(0, markdown);
  const meta = { title: 'Page', emoji: undefined as string | undefined };
  const client = {
    content: {
      body: {
        query: vi.fn(async (input: { spaceId: string; pageId: string; changeRequestId?: string; stateVector?: string }) => ({
          update: b64(Y.encodeStateAsUpdate(doc, input.stateVector ? bytes(input.stateVector) : undefined)),
          stateVector: b64(Y.encodeStateVector(doc)),
          title: meta.title,
          emoji: meta.emoji,
        })),
      },
      pushBody: {
        mutate: vi.fn(async (input: { spaceId: string; pageId: string; changeRequestId?: string; update: string }) => {
          Y.applyUpdate(doc, bytes(input.update));
          return { stateVector: b64(Y.encodeStateVector(doc)) };
        }),
      },
    },
  } satisfies PageSyncClient;
  return {
    client,
    doc,
    meta,
    text: () => doc.getText('markdown').toString(),
    /** The text a pushed update holds, applied alone onto what the server had before it. */
    pushedUpdates: () => client.content.pushBody.mutate.mock.calls.map(([input]) => bytes(input.update)),
  };
}
