import { describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import { operationOf } from '../../src-main/openapi/operation';
import { createSpec, deleteSpec } from '../../src-main/openapi/service';
import type { Db } from '../../src-main/store/database';
import { insertMember } from '../../src-main/store/members';
import { getSpecById, getVersionContent } from '../../src-main/store/openapi-specs';
import { changesInState } from '../../src-main/store/sync-changes';
import { generateToken, insertToken } from '../../src-main/store/tokens';
import { findOrCreateUser, getUserById } from '../../src-main/store/users';
import { PETSTORE_3 } from '../openapi/support';
import { useReplicas } from '../support/replicas';

const { serverAndWorkstation } = useReplicas();
const text = JSON.stringify(PETSTORE_3);

/** Polls the store until the spec's processing is complete (no timing asserted). */
async function processed(db: Db, specId: string) {
  const giveUp = Date.now() + 15_000;
  for (;;) {
    const spec = getSpecById(db, specId);
    if (spec?.processing_state === 'complete') return spec;
    if (Date.now() > giveUp) throw new Error(`spec ${specId} never finished processing`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function memberToken(db: Db, orgId: string, email: string, role: 'read' | 'edit' | 'create') {
  const now = new Date().toISOString();
  const user = findOrCreateUser(db, email, now, email);
  insertMember(db, orgId, user.id, role, now);
  const token = generateToken();
  insertToken(db, user.id, token, now);
  return token;
}

const specColumns = (db: Db, id: string) =>
  db.prepare('SELECT slug, source_text, processing_state, last_version_id, last_process_error_code FROM openapi_specs WHERE id = ?').get(id);

describe('OpenAPI specifications sync between a workstation and a team server', () => {
  it('sends a spec made and processed on a workstation to the server, with its version', async () => {
    const { server, workstation, attach } = await serverAndWorkstation();
    const client = attach(server.token);
    await client.syncOnce();

    const asOwner = serviceContext(workstation.app, getUserById(workstation.db, server.owner.id)!);
    const { spec } = createSpec(asOwner, server.orgId, { slug: 'offline', source: { text } });
    const done = await processed(workstation.db, spec.id);
    await client.syncOnce();

    expect(specColumns(server.db, spec.id)).toEqual(specColumns(workstation.db, spec.id));
    expect(getSpecById(server.db, spec.id)).toMatchObject({ processing_state: 'complete', last_version_id: done.last_version_id });
    expect(JSON.parse(getVersionContent(server.db, spec.id, done.last_version_id!)!)).toEqual(PETSTORE_3);
    expect(client.getStatus().waiting).toBe(0);
  });

  it("brings the server's specs and versions to a reader's workstation, where a page's block can show them", async () => {
    const { server, workstation, attach } = await serverAndWorkstation();
    const { spec } = createSpec(server.ctx, server.orgId, { slug: 'team-api', source: { text } });
    await processed(server.db, spec.id);
    const client = attach(memberToken(server.db, server.orgId, 'reader@team.example', 'read'));
    await client.syncOnce();

    expect(specColumns(workstation.db, spec.id)).toEqual(specColumns(server.db, spec.id));
    expect(operationOf(workstation.db, server.orgId, 'team-api', '/pets', 'get')).toMatchObject({ summary: 'List pets', operationId: 'listPets' });

    deleteSpec(server.ctx, server.orgId, 'team-api');
    await client.syncOnce();
    expect(getSpecById(workstation.db, spec.id)).toBeUndefined();
    expect(workstation.db.prepare('SELECT COUNT(*) AS n FROM openapi_spec_versions').get()).toEqual({ n: 0 });
  });

  it('refuses a spec made by a member below the create role, and removes it from the workstation', async () => {
    const { server, workstation, attach } = await serverAndWorkstation();
    const client = attach(memberToken(server.db, server.orgId, 'writer@team.example', 'edit'));
    await client.syncOnce();

    // The workstation's own rules are the owner's there: the spec is made, then refused by the server.
    const local = serviceContext(workstation.app, getUserById(workstation.db, server.owner.id)!);
    const { spec } = createSpec(local, server.orgId, { slug: 'sneaky', source: { text } });
    await processed(workstation.db, spec.id);
    await client.syncOnce();

    expect(getSpecById(server.db, spec.id)).toBeUndefined();
    expect(getSpecById(workstation.db, spec.id)).toBeUndefined();
    expect(changesInState(workstation.db, 'refused', 50).find((c) => c.column === 'slug')?.refusal).toMatch(/"create" role in this organization/);
  });
});
