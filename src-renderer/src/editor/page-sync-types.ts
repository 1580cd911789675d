import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../api/types';
import type { WindowLive } from './live-connection';
import type { SyncEnvironment } from './sync-environment';

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;

// The shapes of the page sync (page-sync.ts), apart so the sync itself stays readable.

export interface PageTarget {
  spaceId: string;
  pageId: string;
  /** A change request's content; absent: the space's main content. */
  changeRequestId?: string;
}

export type SaveStatus = 'saved' | 'saving' | 'offline' | 'error';

export interface PageSyncState {
  status: SaveStatus;
  /** Local edits (Yjs updates, about one per keystroke) not acknowledged by the server yet. */
  waiting: number;
  /** Whether edits travel over the live channel now (else over HTTP pushes and polls). */
  live?: boolean;
  /** Why pushes are failing, in words ('offline' and 'error'). */
  message?: string;
  /** Why the last poll failed, if it did (a deleted page, a lost connection). */
  pullError?: string;
  /** The page's title and emoji, as the latest poll answered them. */
  title: string;
  emoji?: string;
}

/** The slice of the tRPC client the sync calls. */
export interface PageSyncClient {
  content: {
    body: { query(input: Inputs['content']['body']): Promise<Outputs['content']['body']> };
    pushBody: { mutate(input: Inputs['content']['pushBody']): Promise<Outputs['content']['pushBody']> };
  };
}

export interface PageSyncOptions {
  /** Poll interval while the window is visible (ms). */
  visiblePollMs?: number;
  /** Poll interval while it is hidden (ms). */
  hiddenPollMs?: number;
  /** Poll interval while the live channel carries the page (ms): a safety net only. */
  livePollMs?: number;
  /** The window's live channel; without it (or while it is down) the page syncs over HTTP alone. */
  live?: WindowLive;
  /** First retry delay after a failed push, doubled up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
  environment?: SyncEnvironment;
  /** Every failed call, e.g. to end a session on 401. */
  onError?(error: unknown): void;
}
