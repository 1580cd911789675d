import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { type RunningServer, runFolio, spawnServer } from './process';
import { type FaultProxy, startFaultProxy } from './fault-proxy';

/**
 * Real replicas for sync tests (docs/sync.md, issue 7): a team server and workstations as `folio serve`
 * child processes on their own data directories, each workstation reaching the server through a fault
 * proxy the test controls, and reads of what each replica shows through its own /v1.
 */

export interface Replica {
  name: string;
  dir: string;
  /** The replica's own address (changes when it restarts). */
  url: string;
  /** The token this test reads and edits with on this replica. */
  token: string;
  process: RunningServer;
}

export interface TeamServer extends Replica {
  orgId: string;
  /** Stops the process (SIGKILL: a crash; SIGTERM: a clean stop). */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same data directory (its port may change). */
  start(): Promise<void>;
}

export interface Workstation extends Replica {
  /** Between this workstation and the server: its remote URL is the proxy's, whatever the server's port. */
  proxy: FaultProxy;
  stop(signal?: NodeJS.Signals): Promise<void>;
  start(): Promise<void>;
}

const ADMIN_TOKEN = 'team-server-admin-token';

export interface ReplicaSet {
  server: TeamServer;
  workstations: Workstation[];
  /** A writer account on the server (an org admin) and its token, as the team admin would make one. */
  addWriter(email: string): Promise<string>;
  /** A workstation attached through a fresh proxy with this team token, once it has synced for the first time. */
  addWorkstation(name: string, token: string): Promise<Workstation>;
  /** Stops every process and proxy and removes the data directories. */
  close(): Promise<void>;
}

async function stopProcess(process: RunningServer, signal: NodeJS.Signals): Promise<void> {
  if (process.child.exitCode !== null || process.child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    process.child.once('exit', () => resolve());
    process.child.kill(signal);
  });
}

export async function startReplicaSet(): Promise<ReplicaSet> {
  const dirs: string[] = [];
  const tempDir = (name: string) => {
    const dir = mkdtempSync(join(tmpdir(), `folio-sync-${name}-`));
    dirs.push(dir);
    return dir;
  };
  const workstations: Workstation[] = [];

  const serverDir = tempDir('server');
  const spawnTeamServer = () => spawnServer(['--data', serverDir, '--port', '0'], { FOLIO_ADMIN_TOKEN: ADMIN_TOKEN });
  const first = await spawnTeamServer();
  const orgs = await v1(first.url, ADMIN_TOKEN, 'GET', '/v1/orgs');
  const server: TeamServer = {
    name: 'server',
    dir: serverDir,
    url: first.url,
    token: ADMIN_TOKEN,
    process: first,
    orgId: orgs.items[0].id,
    stop: (signal = 'SIGTERM') => stopProcess(server.process, signal),
    async start() {
      server.process = await spawnTeamServer();
      server.url = server.process.url;
      for (const workstation of workstations) workstation.proxy.setTarget(server.url);
    },
  };

  return {
    server,
    workstations,
    async addWriter(email) {
      await v1(server.url, ADMIN_TOKEN, 'POST', `/v1/orgs/${server.orgId}/invites`, { emails: [email], role: 'admin' });
      const created = await runFolio(['token', 'create', '--data', serverDir, '--email', email]);
      if (created.code !== 0) throw new Error(`folio token create failed: ${created.stderr}`);
      const token = created.stdout.trim();
      // Invites wait for consent: the writer accepts theirs.
      const mine = await v1(server.url, token, 'GET', '/v1/user/invites');
      const invite = (mine.items as Array<{ id: string; organization: { id: string } }>).find((i) => i.organization.id === server.orgId);
      if (!invite) throw new Error(`${email} has no invite to the team server's organization`);
      await v1(server.url, token, 'POST', `/v1/orgs/${server.orgId}/invites/${invite.id}`);
      return token;
    },
    async addWorkstation(name, token) {
      const dir = tempDir(name);
      const proxy = await startFaultProxy(server.url);
      const spawnWorkstation = () => spawnServer(['--data', dir, '--port', '0', '--remote', proxy.url], { FOLIO_REMOTE_TOKEN: token });
      const started = await spawnWorkstation();
      const workstation: Workstation = {
        name,
        dir,
        url: started.url,
        token,
        process: started,
        proxy,
        stop: (signal = 'SIGTERM') => stopProcess(workstation.process, signal),
        async start() {
          workstation.process = await spawnWorkstation();
          workstation.url = workstation.process.url;
        },
      };
      workstations.push(workstation);
      await waitFor(`${name} to adopt the team token`, async () => (await fetch(`${workstation.url}/v1/user`, auth(token))).status === 200);
      return workstation;
    },
    async close() {
      for (const workstation of workstations) {
        await stopProcess(workstation.process, 'SIGTERM');
        await workstation.proxy.close();
      }
      await stopProcess(server.process, 'SIGTERM');
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

/** One /v1 call; fails the test on anything but 2xx. */
export async function v1(url: string, token: string, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** One tRPC procedure over HTTP, as the renderer in a browser calls it. */
export async function trpc(url: string, token: string, procedure: string, input: unknown, kind: 'query' | 'mutation' = 'mutation'): Promise<any> {
  const response =
    kind === 'query'
      ? await fetch(`${url}/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, auth(token))
      : await fetch(`${url}/trpc/${procedure}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(input),
        });
  const text = await response.text();
  if (!response.ok) throw new Error(`${procedure} answered ${response.status}: ${text}`);
  return (JSON.parse(text) as { result: { data: unknown } }).result.data;
}

export interface SyncStatusView {
  state: string;
  waiting: number;
  message?: string;
  lastSyncAt?: string;
  /** What the server refused (kept on the workstation with its reason). */
  refused?: Array<{ what: string; reason: string }>;
}

/** The workstation's sync state as the desktop shows it (tRPC `sync.status`). */
export const syncStatus = (workstation: Replica): Promise<SyncStatusView> => trpc(workstation.url, workstation.token, 'sync.status', {}, 'query');

export interface PageView {
  title: string;
  markdown: string;
  pages: PageView[];
}

/** What one replica shows through /v1: its organization's spaces by id, with title and page tree (with bodies). */
export type Snapshot = Record<string, { title: string; pages: PageView[] }>;

export async function snapshotOf(replica: Replica, orgId: string): Promise<Snapshot> {
  const { url, token } = replica;
  const spaces = await v1(url, token, 'GET', `/v1/orgs/${orgId}/spaces?limit=1000`);
  const snapshot: Snapshot = {};
  for (const space of spaces.items as Array<{ id: string; title: string }>) {
    const { pages } = await v1(url, token, 'GET', `/v1/spaces/${space.id}/content/pages`);
    const walk = async (list: Array<{ id: string; title: string; pages?: unknown[] }>): Promise<PageView[]> => {
      const out: PageView[] = [];
      for (const page of list) {
        const one = await v1(url, token, 'GET', `/v1/spaces/${space.id}/content/page/${page.id}?format=markdown`);
        out.push({ title: page.title, markdown: one.markdown ?? '', pages: await walk((page.pages ?? []) as typeof list) });
      }
      return out;
    };
    snapshot[space.id] = { title: space.title, pages: await walk(pages) };
  }
  return snapshot;
}

/** Every page of a snapshot, depth first. */
export function allPages(snapshot: Snapshot): Array<PageView & { spaceId: string }> {
  const out: Array<PageView & { spaceId: string }> = [];
  const walk = (spaceId: string, pages: PageView[]) => {
    for (const page of pages) {
      out.push({ ...page, spaceId });
      walk(spaceId, page.pages);
    }
  };
  for (const [spaceId, space] of Object.entries(snapshot)) walk(spaceId, space.pages);
  return out;
}

/**
 * Waits until every workstation says it is synced with nothing waiting and every replica shows the same
 * spaces, titles, pages and bodies through /v1; returns that snapshot. Fails with what differed.
 */
export async function converged(set: Pick<ReplicaSet, 'server' | 'workstations'>, timeoutMs = 45_000): Promise<Snapshot> {
  let last = '';
  let result: Snapshot | undefined;
  await waitFor(
    'all replicas to converge',
    async () => {
      const statuses = await Promise.all(set.workstations.map((w) => syncStatus(w).catch((error: Error) => ({ state: error.message, waiting: -1 }))));
      const replicas = [set.server, ...set.workstations];
      const snapshots = await Promise.all(replicas.map((r) => snapshotOf(r, set.server.orgId).catch((error: Error) => error.message)));
      const named = <T>(list: T[], of: Replica[]) => Object.fromEntries(list.map((item, i) => [of[i]!.name, item]));
      last = JSON.stringify({ statuses: named(statuses, set.workstations), snapshots: named(snapshots, replicas) }, null, 1);
      if (statuses.some((s) => s.state !== 'idle' || s.waiting !== 0)) return false;
      const [first, ...rest] = snapshots.map((s) => JSON.stringify(s));
      if (rest.some((s) => s !== first)) return false;
      result = snapshots[0] as Snapshot;
      return true;
    },
    timeoutMs,
    () => last,
  );
  return result!;
}

export async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000, describe?: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await Promise.resolve().then(check).catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${describe ? `:\n${describe()}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

export interface LogEntry {
  hlc: string;
  dataset: string;
  rowKey: string;
  column: string;
  state: string;
}

/** A replica's change log (`sync_changes`), read from its data directory while it runs. */
export function changeLogOf(dir: string): LogEntry[] {
  const db = new Database(join(dir, 'folio.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT hlc, dataset, row_key AS rowKey, "column", state FROM sync_changes ORDER BY seq').all() as LogEntry[];
  } finally {
    db.close();
  }
}

/**
 * Nothing lost, nothing doubled in the change logs: every replica records each change once, and every change
 * a workstation marked synced is on the server.
 */
export function checkChangeLogs(set: Pick<ReplicaSet, 'server' | 'workstations'>): { doubled: string[]; missing: string[] } {
  const keyOf = (c: LogEntry) => `${c.hlc} ${c.dataset} ${c.rowKey} ${c.column}`;
  const doubled: string[] = [];
  const logs = new Map<Replica, Map<string, LogEntry>>();
  for (const replica of [set.server, ...set.workstations]) {
    const byKey = new Map<string, LogEntry>();
    for (const change of changeLogOf(replica.dir)) {
      if (byKey.has(keyOf(change))) doubled.push(`${replica.name}: ${keyOf(change)}`);
      byKey.set(keyOf(change), change);
    }
    logs.set(replica, byKey);
  }
  const onServer = logs.get(set.server)!;
  const missing: string[] = [];
  for (const workstation of set.workstations) {
    for (const [key, change] of logs.get(workstation)!) {
      if (change.state === 'synced' && !onServer.has(key)) missing.push(`${workstation.name}: ${key}`);
    }
  }
  return { doubled, missing };
}
