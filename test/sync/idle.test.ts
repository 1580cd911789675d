import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { converged, type ReplicaSet, startReplicaSet, trpc, v1, waitFor } from '../support/sync-replicas';

let set: ReplicaSet | undefined;
afterAll(() => set?.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Size and modification time of every file in a data directory (the store and its write-ahead log). */
function filesOf(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        const stat = statSync(path);
        return [path, `${stat.size} bytes, modified ${stat.mtimeMs}`];
      }),
  );
}

describe('an idle, converged workstation and server (issue 7)', () => {
  it('exchange nothing for a minute and write nothing, while the events stream stays open and still carries the next change', async () => {
    set = await startReplicaSet();
    const token = await set.addWriter('alice@team.example');
    const space = (await v1(set.server.url, set.server.token, 'POST', `/v1/orgs/${set.server.orgId}/spaces`, { title: 'Quiet' })).id as string;
    await trpc(set.server.url, set.server.token, 'content.createPage', { spaceId: space, title: 'Page', markdown: 'Some text.\n' });
    const workstation = await set.addWorkstation('alpha', token);
    await trpc(workstation.url, workstation.token, 'content.createPage', { spaceId: space, title: 'Written here', markdown: 'More text.\n' });
    await converged(set);
    // The last edits' revisions are cut once their trees have been quiet for 2 s (content/live-revisions.ts):
    // the minute starts once the proxy has carried nothing for 3 s.
    let lastBytes = -1;
    let quietSince = Date.now();
    await waitFor('3 quiet seconds', () => {
      const { bytesUp, bytesDown } = workstation.proxy.stats();
      if (bytesUp + bytesDown !== lastBytes) {
        lastBytes = bytesUp + bytesDown;
        quietSince = Date.now();
      }
      return Date.now() - quietSince >= 3_000;
    });
    const files = { workstation: filesOf(workstation.dir), server: filesOf(set.server.dir) };
    workstation.proxy.resetStats();

    await sleep(60_000);

    expect(workstation.proxy.stats()).toEqual({ connections: 0, requests: 0, bytesUp: 0, bytesDown: 0 });
    expect(workstation.proxy.openConnections()).toContainEqual(expect.objectContaining({ lastPath: expect.stringMatching(/^\/sync\/v1\/events\?/) }));
    expect({ workstation: filesOf(workstation.dir), server: filesOf(set.server.dir) }).toEqual(files);

    // Not asleep: a change on the server reaches the workstation through the stream that stayed open.
    await v1(set.server.url, set.server.token, 'PATCH', `/v1/spaces/${space}`, { title: 'Woken up' });
    const snapshot = await converged(set);
    expect(snapshot[space]!.title).toBe('Woken up');
    expect(workstation.proxy.requests.some((request) => request.path === '/sync/v1/pull')).toBe(true);
    expect(workstation.proxy.requests.some((request) => request.path.startsWith('/sync/v1/events'))).toBe(false);
  }, 120_000);
});
