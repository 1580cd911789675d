import { describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import { installIntegration, installIntegrationOnSpace } from '../../src-main/integrations/installations-service';
import { publishIntegration, unpublishIntegration } from '../../src-main/integrations/publish-service';
import { createOrganization } from '../../src-main/orgs/service';
import { createSpace } from '../../src-main/spaces/service';
import { getIntegration, getIntegrationAsset } from '../../src-main/store/integrations';
import { insertMember, setMemberRole } from '../../src-main/store/members';
import { changesInState } from '../../src-main/store/sync-changes';
import { generateToken, insertToken } from '../../src-main/store/tokens';
import { findOrCreateUser } from '../../src-main/store/users';
import { createTranslation, deleteTranslation } from '../../src-main/translations/service';
import { type Replica, useReplicas } from '../support/replicas';

const { serverAndWorkstation } = useReplicas();

/** A member of the server's organization with a token, in the given role. */
function memberOnServer(server: Replica, email: string, role: 'admin' | 'edit' | 'read') {
  const now = new Date().toISOString();
  const user = findOrCreateUser(server.db, email, now, email);
  insertMember(server.db, server.orgId, user.id, role, now);
  const token = generateToken();
  insertToken(server.db, user.id, token, now);
  return { user, token };
}

const publication = (organization: string, extra: Record<string, unknown> = {}) => ({
  runtime: 'v1' as const,
  title: 'Synced',
  description: 'Travels',
  script: 'console.log("synced")',
  organization,
  scopes: ['space:script:inject' as const],
  secrets: { TOKEN: 'shh' },
  ...extra,
});

type Db = { prepare(sql: string): { get(...args: unknown[]): unknown } };
const translationRow = (db: Db, id: string) =>
  db.prepare('SELECT title, language, source_language FROM translations WHERE id = ?').get(id) as Record<string, string> | undefined;

describe('translations and integrations sync between a workstation and a team server', () => {
  it('sends a translation made on a workstation to the server, and its deletion', async () => {
    const { server, workstation, attach, asOwnerThere } = await serverAndWorkstation();
    const space = createSpace(server.ctx, server.orgId, { title: 'Guide' }).space;
    const client = attach(server.token);
    await client.syncOnce();

    const { translation } = createTranslation(asOwnerThere(), server.orgId, { source: { space: space.id, language: 'en' }, language: 'fr', title: 'French' });
    await client.syncOnce();
    expect(translationRow(server.db, translation.id)).toEqual({ title: 'French', language: 'fr', source_language: 'en' });

    deleteTranslation(asOwnerThere(), server.orgId, translation.id);
    await client.syncOnce();
    expect(translationRow(server.db, translation.id)).toBeUndefined();
    expect(translationRow(workstation.db, translation.id)).toBeUndefined();
  });

  it('refuses a translation made by a member who is not an admin, and removes it from the workstation', async () => {
    const { server, workstation, attach, asOwnerThere } = await serverAndWorkstation();
    const space = createSpace(server.ctx, server.orgId, { title: 'Guide' }).space;
    const { token } = memberOnServer(server, 'writer@team.example', 'edit');
    const client = attach(token);
    await client.syncOnce();
    const { translation } = createTranslation(asOwnerThere(), server.orgId, { source: { space: space.id, language: 'en' }, language: 'de' });
    await client.syncOnce();
    expect(translationRow(server.db, translation.id)).toBeUndefined();
    expect(translationRow(workstation.db, translation.id)).toBeUndefined();
    expect(changesInState(workstation.db, 'refused', 50).find((c) => c.dataset === 'translations')?.refusal).toMatch(/admin role/);
  });

  it('publishes an integration on a workstation: the server holds it, its secrets and files, and serves its script', async () => {
    const { server, host, attach, asOwnerThere } = await serverAndWorkstation();
    const client = attach(server.token);
    await client.syncOnce();
    publishIntegration(asOwnerThere(), 'made-offline', publication(server.orgId, { previewImages: ['R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'] }));
    await client.syncOnce();

    const there = getIntegration(server.db, 'made-offline');
    expect(there).toMatchObject({ organization_id: server.orgId, version: 1, title: 'Synced', secrets: JSON.stringify({ TOKEN: 'shh' }) });
    const [preview] = JSON.parse(there!.preview_images) as string[];
    expect(getIntegrationAsset(server.db, 'made-offline', preview!)?.content_type).toBe('image/gif');
    const script = await fetch(`${host.url}/integrations/made-offline/1/script.js`);
    expect(await script.text()).toBe('console.log("synced")');
    expect(client.getStatus().waiting).toBe(0);

    // A new version replaces the script: the old file goes on both sides.
    publishIntegration(asOwnerThere(), 'made-offline', publication(server.orgId, { script: 'console.log(2)' }));
    await client.syncOnce();
    expect(getIntegration(server.db, 'made-offline')).toMatchObject({ version: 2, preview_images: '[]' });
    expect(getIntegrationAsset(server.db, 'made-offline', preview!)).toBeUndefined();
    expect(await (await fetch(`${host.url}/integrations/made-offline/2/script.js`)).text()).toBe('console.log(2)');

    unpublishIntegration(asOwnerThere(), 'made-offline');
    await client.syncOnce();
    expect(getIntegration(server.db, 'made-offline')).toBeUndefined();
  });

  it("brings the organization's integrations to its workstations, secrets to admins only, and never other organizations' ones", async () => {
    const { server, workstation, attach } = await serverAndWorkstation();
    publishIntegration(server.ctx, 'ours', publication(server.orgId, { visibility: 'private' as const }));
    // Another organization's public integration stays on the server.
    const now = new Date().toISOString();
    const stranger = findOrCreateUser(server.db, 'vendor@elsewhere.example', now, 'Vendor');
    const strangerCtx = serviceContext(server.app, stranger);
    const { org: vendor } = createOrganization(strangerCtx, { title: 'Vendor' });
    publishIntegration(strangerCtx, 'theirs', publication(vendor.id, { visibility: 'public' as const }));

    const { user, token } = memberOnServer(server, 'reader@team.example', 'read');
    const client = attach(token);
    await client.syncOnce();
    expect(getIntegration(workstation.db, 'ours')).toMatchObject({ title: 'Synced', secrets: null });
    expect(getIntegration(workstation.db, 'theirs')).toBeUndefined();
    const script = getIntegration(workstation.db, 'ours')!.script;
    expect(getIntegrationAsset(workstation.db, 'ours', script)?.data).toBe(Buffer.from('console.log("synced")').toString('base64'));

    setMemberRole(server.db, server.orgId, user.id, 'admin');
    await client.syncOnce();
    expect(getIntegration(workstation.db, 'ours')?.secrets).toBe(JSON.stringify({ TOKEN: 'shh' }));
  });

  it("refuses a workstation's publication of a name another organization owns", async () => {
    const { server, workstation, attach, asOwnerThere } = await serverAndWorkstation();
    const now = new Date().toISOString();
    const stranger = findOrCreateUser(server.db, 'squatter@elsewhere.example', now, 'First');
    const strangerCtx = serviceContext(server.app, stranger);
    const { org: first } = createOrganization(strangerCtx, { title: 'First' });
    publishIntegration(strangerCtx, 'taken', publication(first.id, { visibility: 'public' as const }));
    const client = attach(server.token);
    await client.syncOnce();

    // The workstation does not hold the other organization's integration, so the name looks free there.
    publishIntegration(asOwnerThere(), 'taken', publication(server.orgId, { title: 'Mine now' }));
    await client.syncOnce();
    expect(getIntegration(server.db, 'taken')).toMatchObject({ organization_id: first.id, title: 'Synced' });
    expect(getIntegration(workstation.db, 'taken')).toBeUndefined();
    const refused = changesInState(workstation.db, 'refused', 100).filter((c) => c.dataset === 'integrations');
    expect(refused.find((c) => c.column === 'organization_id')?.refusal).toMatch(/stays with the organization that first published its name/);
    expect(refused.find((c) => c.column === 'title')?.refusal).toMatch(/admin role in the organization that publishes/);
  });

  it("installs another organization's public integration from a workstation, on the organization and a space", async () => {
    const { server, workstation, attach } = await serverAndWorkstation();
    const now = new Date().toISOString();
    const stranger = findOrCreateUser(server.db, 'vendor2@elsewhere.example', now, 'Vendor');
    const strangerCtx = serviceContext(server.app, stranger);
    const { org: vendor } = createOrganization(strangerCtx, { title: 'Vendor' });
    publishIntegration(strangerCtx, 'public-kit', publication(vendor.id, { visibility: 'public' as const }));
    const installation = installIntegration(server.ctx, 'public-kit', server.orgId);
    const space = createSpace(server.ctx, server.orgId, { title: 'Docs' }).space;
    const client = attach(server.token);
    await client.syncOnce();
    // The installation reaches the workstation, though its integration (another organization's) does not.
    const row = workstation.db.prepare('SELECT organization_id FROM integration_installations WHERE id = ?').get(installation.id);
    expect(row).toEqual({ organization_id: server.orgId });

    // A space installation made on the owner's workstation (written directly: the workstation cannot check an
    // integration it does not hold) is kept by the server.
    workstation.db
      .prepare(
        `INSERT INTO integration_space_installations (installation_id, space_id, organization_id, integration_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(installation.id, space.id, server.orgId, 'public-kit', now, now);
    await client.syncOnce();
    const onServer = server.db.prepare('SELECT space_id FROM integration_space_installations WHERE installation_id = ?').get(installation.id);
    expect(onServer).toEqual({ space_id: space.id });
  });

  it('refuses installing on a space by someone who is not its admin', async () => {
    const { server, workstation, attach, asOwnerThere } = await serverAndWorkstation();
    publishIntegration(server.ctx, 'kit', publication(server.orgId, { visibility: 'public' as const }));
    const installation = installIntegration(server.ctx, 'kit', server.orgId);
    const space = createSpace(server.ctx, server.orgId, { title: 'Docs' }).space;
    const { token } = memberOnServer(server, 'editor@team.example', 'edit');
    const client = attach(token);
    await client.syncOnce();
    // The workstation's own rules are its owner's there: made, then refused by the server.
    installIntegrationOnSpace(asOwnerThere(), 'kit', installation.id, space.id);
    await client.syncOnce();
    expect(server.db.prepare('SELECT 1 FROM integration_space_installations WHERE space_id = ?').get(space.id)).toBeUndefined();
    expect(workstation.db.prepare('SELECT 1 FROM integration_space_installations WHERE space_id = ?').get(space.id)).toBeUndefined();
    expect(changesInState(workstation.db, 'refused', 100).find((c) => c.dataset === 'integration_space_installations')?.refusal).toMatch(
      /admin role on this space/,
    );
  });
});
