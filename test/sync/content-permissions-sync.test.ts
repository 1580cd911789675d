import { describe, expect, it } from 'vitest';
import { createSpace } from '../../src-main/spaces/service';
import { getContentPermission, upsertContentPermission } from '../../src-main/store/content-permissions';
import { insertMember } from '../../src-main/store/members';
import { listSpaceRedirects, upsertSpaceRedirects } from '../../src-main/store/space-redirects';
import { changesInState } from '../../src-main/store/sync-changes';
import { generateToken, insertToken } from '../../src-main/store/tokens';
import { findOrCreateUser } from '../../src-main/store/users';
import { useReplicas } from '../support/replicas';

const { serverAndWorkstation } = useReplicas();

/** A server with a space and a reader (organization role "read") attached from a workstation. */
async function readerOnWorkstation() {
  const pair = await serverAndWorkstation();
  const now = new Date().toISOString();
  const reader = findOrCreateUser(pair.server.db, 'invited-reader@team.example', now, 'Invited reader');
  insertMember(pair.server.db, pair.server.orgId, reader.id, 'read', now);
  const token = generateToken();
  insertToken(pair.server.db, reader.id, token, now);
  const { space } = createSpace(pair.server.ctx, pair.server.orgId, { title: 'Shared' }) as unknown as { space: { id: string } };
  return { ...pair, reader, space, client: pair.attach(token), now };
}

describe('roles invited on content sync and are honoured by the server', () => {
  it("brings an invitation to the workstation and accepts the invited editor's change", async () => {
    const { server, workstation, reader, space, client, now } = await readerOnWorkstation();
    upsertContentPermission(server.db, {
      organizationId: server.orgId,
      object: { kind: 'space', id: space.id },
      principal: 'user',
      principalId: reader.id,
      role: 'edit',
      now,
    });
    await client.syncOnce();
    expect(getContentPermission(workstation.db, { kind: 'space', id: space.id }, 'user', reader.id)?.role).toBe('edit');

    upsertSpaceRedirects(workstation.db, space.id, [{ source: 'old', targetPath: 'new.md' }], now);
    await client.syncOnce();
    expect(listSpaceRedirects(server.db, space.id).map((row) => row.source)).toEqual(['old']);
    expect(changesInState(workstation.db, 'refused', 10)).toEqual([]);
  });

  it('refuses an invitation written by someone who is not an admin of the space', async () => {
    const { server, workstation, reader, space, client, now } = await readerOnWorkstation();
    await client.syncOnce();
    upsertContentPermission(workstation.db, {
      organizationId: server.orgId,
      object: { kind: 'space', id: space.id },
      principal: 'user',
      principalId: reader.id,
      role: 'admin',
      now,
    });
    await client.syncOnce();
    expect(getContentPermission(server.db, { kind: 'space', id: space.id }, 'user', reader.id)).toBeUndefined();
    expect(changesInState(workstation.db, 'refused', 10).map((change) => change.dataset)).toContain('content_permissions');
  });

  it("accepts an admin's invitation made on the workstation", async () => {
    const { server, workstation, reader, space, attach, now } = await readerOnWorkstation();
    const owner = attach(server.token);
    await owner.syncOnce();
    upsertContentPermission(workstation.db, {
      organizationId: server.orgId,
      object: { kind: 'space', id: space.id },
      principal: 'user',
      principalId: reader.id,
      role: 'review',
      now,
    });
    await owner.syncOnce();
    expect(getContentPermission(server.db, { kind: 'space', id: space.id }, 'user', reader.id)?.role).toBe('review');
    expect(changesInState(workstation.db, 'refused', 10)).toEqual([]);
  });
});
