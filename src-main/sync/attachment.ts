import type { AppServices } from '../app/context';
import { type RemoteServer, type SyncClientOptions, SyncClient, type SyncStatus } from './client';

/**
 * The app's link to its team server (docs/sync.md): none until attached (by `serve --remote`, or by the
 * desktop's settings), then one SyncClient following the server; attaching again (another address or
 * token) replaces it.
 */
export class SyncAttachment {
  private client?: SyncClient;
  private remote?: RemoteServer;
  private readonly listeners = new Set<(status: SyncStatus) => void>();
  /** Documents open in an editor, most recent last: they sync first. */
  private readonly focused: string[] = [];

  constructor(
    private readonly services: () => AppServices,
    private readonly options: Omit<SyncClientOptions, 'onStatus'> = {},
  ) {}

  attach(remote: RemoteServer): void {
    if (this.client && this.remote?.url === remote.url && this.remote.token === remote.token) return;
    void this.client?.stop();
    this.remote = remote;
    this.client = new SyncClient(this.services(), remote, {
      ...this.options,
      focused: () => this.focused,
      onStatus: (status) => {
        for (const listener of this.listeners) listener(status);
      },
    });
    this.client.followDocuments(this.focused);
    this.client.start();
  }

  async detach(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.remote = undefined;
    await client?.stop();
  }

  /** The team server's address and the sync state, or undefined when not attached. */
  status(): (SyncStatus & { url: string }) | undefined {
    return this.client && this.remote ? { ...this.client.getStatus(), url: this.remote.url } : undefined;
  }

  /** Notes that a document is open in an editor (kept for the last few). */
  focus(docId: string): void {
    const at = this.focused.indexOf(docId);
    if (at === this.focused.length - 1 && at >= 0) return;
    if (at >= 0) this.focused.splice(at, 1);
    this.focused.push(docId);
    if (this.focused.length > 8) this.focused.shift();
    this.client?.followDocuments(this.focused);
  }

  onStatus(listener: (status: SyncStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
