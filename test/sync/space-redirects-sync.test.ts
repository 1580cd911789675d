import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importIntoSpace } from '../../src-main/import/service';
import { createSpace } from '../../src-main/spaces/service';
import { insertMember } from '../../src-main/store/members';
import { listSpaceRedirects, upsertSpaceRedirects } from '../../src-main/store/space-redirects';
import { changesInState } from '../../src-main/store/sync-changes';
import { generateToken, insertToken } from '../../src-main/store/tokens';
import { findOrCreateUser } from '../../src-main/store/users';
import { useReplicas } from '../support/replicas';

const { serverAndWorkstation } = useReplicas();

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'folio-redirects-sync-'));
  writeFileSync(join(folder, '.gitbook.yaml'), 'redirects:\n  old-home: README.md\n  gone: elsewhere.md\n');
  writeFileSync(join(folder, 'README.md'), '# Home\n');
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const rowsOf = (db: Parameters<typeof listSpaceRedirects>[0], spaceId: string) =>
  listSpaceRedirects(db, spaceId).map(({ source, page_id, target_path }) => ({ source, page_id, target_path }));

describe("a space's redirects sync between a team server and a workstation", () => {
  it('bring the redirects an import kept on the server to the workstation, leading to the same page', async () => {
    const { server, workstation, attach } = await serverAndWorkstation();
    const { space } = createSpace(server.ctx, server.orgId, { title: 'Docs' }) as unknown as { space: { id: string } };
    await importIntoSpace(server.ctx, space.id, { url: pathToFileURL(folder).href, source: 'markdown' }, { limits: { allowFileUrls: true } });
    const kept = rowsOf(server.db, space.id);
    expect(kept).toEqual([
      { source: 'gone', page_id: null, target_path: 'elsewhere.md' },
      { source: 'old-home', page_id: expect.any(String), target_path: null },
    ]);
    await attach(server.token).syncOnce();
    expect(rowsOf(workstation.db, space.id)).toEqual(kept);
  });

  it("sends a writer's redirect to the server, and refuses a reader's", async () => {
    const { server, workstation, attach } = await serverAndWorkstation();
    const { space } = createSpace(server.ctx, server.orgId, { title: 'Docs' }) as unknown as { space: { id: string } };
    const owner = attach(server.token);
    await owner.syncOnce();
    upsertSpaceRedirects(workstation.db, space.id, [{ source: 'old', targetPath: 'new.md' }], new Date().toISOString());
    await owner.syncOnce();
    expect(rowsOf(server.db, space.id)).toEqual([{ source: 'old', page_id: null, target_path: 'new.md' }]);

    const other = await serverAndWorkstation();
    const now = new Date().toISOString();
    const reader = findOrCreateUser(other.server.db, 'reader@team.example', now, 'reader@team.example');
    insertMember(other.server.db, other.server.orgId, reader.id, 'read', now);
    const token = generateToken();
    insertToken(other.server.db, reader.id, token, now);
    const { space: readOnly } = createSpace(other.server.ctx, other.server.orgId, { title: 'Read only' }) as unknown as { space: { id: string } };
    const client = other.attach(token);
    await client.syncOnce();
    upsertSpaceRedirects(other.workstation.db, readOnly.id, [{ source: 'sneaky', targetPath: 'x.md' }], now);
    await client.syncOnce();
    expect(rowsOf(other.server.db, readOnly.id)).toEqual([]);
    expect(changesInState(other.workstation.db, 'refused', 10).map((change) => change.dataset)).toContain('space_redirects');
  });
});
