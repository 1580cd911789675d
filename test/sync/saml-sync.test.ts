import { describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import { createSamlProvider, deleteSamlProvider, updateSamlProviderSettings } from '../../src-main/saml/service';
import { insertMember } from '../../src-main/store/members';
import { changesInState } from '../../src-main/store/sync-changes';
import { generateToken, insertToken } from '../../src-main/store/tokens';
import { findOrCreateUser, getUserById } from '../../src-main/store/users';
import { insertTeam } from '../../src-main/store/teams';
import { useReplicas } from '../support/replicas';
import { createTestIdp } from '../support/saml-idp';

const { serverAndWorkstation } = useReplicas();

type Db = { prepare(sql: string): { get(...args: unknown[]): unknown } };
const providerRow = (db: Db, id: string) =>
  db.prepare('SELECT label, entity_id, sso_url, certificate, default_team_id, default_role FROM saml_providers WHERE id = ?').get(id) as
    | Record<string, unknown>
    | undefined;
const count = (db: Db, table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

describe('SAML providers sync between a workstation and a team server', () => {
  it("sends a provider an admin set up on a workstation to the server, where its start URL sends people to the IdP", async () => {
    const idp = await createTestIdp('sync-idp');
    const { server, host, workstation, attach } = await serverAndWorkstation();
    const teamId = insertTeam(server.db, server.orgId, 'Everyone', new Date().toISOString());
    const client = attach(server.token);
    await client.syncOnce();

    const asOwner = serviceContext(workstation.app, getUserById(workstation.db, server.owner.id)!);
    const { provider } = createSamlProvider(asOwner, server.orgId, {
      label: 'Okta',
      entityID: idp.entityId,
      certificate: idp.certificate,
      ssoURL: idp.ssoURL,
      defaultTeam: teamId,
      defaultRole: 'comment',
    });
    await client.syncOnce();
    expect(providerRow(server.db, provider.id)).toEqual(providerRow(workstation.db, provider.id));
    expect(providerRow(server.db, provider.id)).toMatchObject({ label: 'Okta', default_team_id: teamId, default_role: 'comment', sso_url: idp.ssoURL });

    const start = await fetch(`${host.url}/sso/saml/${provider.id}/start`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    expect(start.headers.get('location')).toMatch(/^https:\/\/sync-idp\.example\.test\/sso\?SAMLRequest=/);
    // Pending requests are the server's own: they never travel.
    expect(count(server.db, 'saml_requests')).toBe(1);
    await client.syncOnce();
    expect(count(workstation.db, 'saml_requests')).toBe(0);

    updateSamlProviderSettings(asOwner, server.orgId, provider.id, { label: 'Okta (prod)' });
    await client.syncOnce();
    expect(providerRow(server.db, provider.id)?.label).toBe('Okta (prod)');
    deleteSamlProvider(asOwner, server.orgId, provider.id);
    await client.syncOnce();
    expect(providerRow(server.db, provider.id)).toBeUndefined();
  });

  it('brings providers made on the server to a member\'s workstation', async () => {
    const { server, workstation, attach } = await serverAndWorkstation();
    const { provider } = createSamlProvider(server.ctx, server.orgId, { label: 'Entra ID' });
    const now = new Date().toISOString();
    const reader = findOrCreateUser(server.db, 'reader@team.example', now, 'reader@team.example');
    insertMember(server.db, server.orgId, reader.id, 'read', now);
    const token = generateToken();
    insertToken(server.db, reader.id, token, now);
    await attach(token).syncOnce();
    expect(providerRow(workstation.db, provider.id)).toMatchObject({ label: 'Entra ID', default_role: 'read' });
  });

  it('refuses a provider made by a member who is not an admin, and removes it from the workstation', async () => {
    const { server, workstation, attach } = await serverAndWorkstation();
    const now = new Date().toISOString();
    const writer = findOrCreateUser(server.db, 'writer@team.example', now, 'writer@team.example');
    insertMember(server.db, server.orgId, writer.id, 'create', now);
    const token = generateToken();
    insertToken(server.db, writer.id, token, now);
    const client = attach(token);
    await client.syncOnce();

    // The workstation's own rules are the owner's there: the provider is made, then refused by the server.
    const local = serviceContext(workstation.app, getUserById(workstation.db, server.owner.id)!);
    const { provider } = createSamlProvider(local, server.orgId, { label: 'Sneaky' });
    await client.syncOnce();

    expect(providerRow(server.db, provider.id)).toBeUndefined();
    expect(providerRow(workstation.db, provider.id)).toBeUndefined();
    expect(changesInState(workstation.db, 'refused', 10).find((c) => c.column === 'label')?.refusal).toMatch(/admin role in this organization to change its SAML providers/);
  });
});
