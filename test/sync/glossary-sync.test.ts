import { describe, expect, it } from 'vitest';
import { insertMember } from '../../src-main/store/members';
import { changesInState } from '../../src-main/store/sync-changes';
import { generateToken, insertToken } from '../../src-main/store/tokens';
import { findOrCreateUser } from '../../src-main/store/users';
import { listGlossaryEntries, updateGlossaryEntries } from '../../src-main/translations-glossary/service';
import { type Replica, useReplicas } from '../support/replicas';

const { serverAndWorkstation } = useReplicas();

/** A member of the server's organization with a token, in the given role. */
function memberOnServer(server: Replica, email: string, role: 'admin' | 'edit') {
  const now = new Date().toISOString();
  const user = findOrCreateUser(server.db, email, now, email);
  insertMember(server.db, server.orgId, user.id, role, now);
  const token = generateToken();
  insertToken(server.db, user.id, token, now);
  return token;
}

type Db = { prepare(sql: string): { all(...args: unknown[]): unknown[] } };
const termsOn = (db: Db) => (db.prepare('SELECT translations FROM translation_glossary_entries ORDER BY seq').all() as Array<{ translations: string }>).map((row) => JSON.parse(row.translations));

describe('the translation glossary syncs between a workstation and a team server', () => {
  it('sends entries written offline by an admin to the server, their changes and deletions too', async () => {
    const { server, workstation, attach, asOwnerThere } = await serverAndWorkstation();
    const client = attach(server.token);
    await client.syncOnce();

    updateGlossaryEntries(asOwnerThere(), server.orgId, [{ type: 'insert', translations: { en: 'Space', fr: 'Espace' } }, { type: 'insert', translations: { en: 'Site' } }]);
    await client.syncOnce();
    expect(termsOn(server.db)).toEqual([{ en: 'Space', fr: 'Espace' }, { en: 'Site' }]);

    const [space, site] = listGlossaryEntries(asOwnerThere(), server.orgId, {}).rows;
    updateGlossaryEntries(asOwnerThere(), server.orgId, [{ type: 'update', id: space!.id, translations: { en: 'Space', de: 'Bereich' } }, { type: 'delete', id: site!.id }]);
    await client.syncOnce();
    expect(termsOn(server.db)).toEqual([{ en: 'Space', de: 'Bereich' }]);
    expect(termsOn(workstation.db)).toEqual([{ en: 'Space', de: 'Bereich' }]);
  });

  it("refuses entries from a member who is not an admin, and takes them off the member's workstation", async () => {
    const { server, workstation, attach, asOwnerThere } = await serverAndWorkstation();
    const client = attach(memberOnServer(server, 'writer@team.example', 'edit'));
    await client.syncOnce();
    updateGlossaryEntries(asOwnerThere(), server.orgId, [{ type: 'insert', translations: { en: 'Forbidden' } }]);
    await client.syncOnce();
    expect(termsOn(server.db)).toEqual([]);
    expect(termsOn(workstation.db)).toEqual([]);
    expect(changesInState(workstation.db, 'refused', 50).find((change) => change.dataset === 'translation_glossary_entries')?.refusal).toMatch(/admin role/);
  });
});
