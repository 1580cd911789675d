import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type FolioApp, openApp, serviceContext } from '../../src-main/app/app';
import { bootstrapOwner } from '../../src-main/app/bootstrap';
import { createSpace, deleteSpace, purgeExpiredSpaces, updateSpaceSettings } from '../../src-main/spaces/service';
import { listOrganizationsOfUser } from '../../src-main/store/orgs';
import { changesInState, type FieldChange } from '../../src-main/store/sync-changes';
import { withoutCapture } from '../../src-main/store/sync-capture';
import { backfillSql } from '../../src-main/store/sync-triggers';
import { applyRemoteChanges, InvalidChangeError } from '../../src-main/sync/apply';
import { DATASETS } from '../../src-main/store/synced-datasets';

const opened: Array<{ app: FolioApp; dir: string }> = [];

/** A data directory with its owner and organization, as `folio serve` starts one. */
let replicas = 0;
function replica() {
  const dir = mkdtempSync(join(tmpdir(), 'folio-sync-'));
  const app = openApp({ dataDir: dir });
  // Each replica's own owner: users are unique by email on a replica.
  replicas += 1;
  const { owner } = bootstrapOwner(app.db, app.clock, { ownerEmail: `owner${replicas}@folio.localhost` });
  opened.push({ app, dir });
  const ctx = serviceContext(app, owner);
  const orgId = listOrganizationsOfUser(app.db, owner.id, {}).rows[0]!.id;
  return { app, db: app.db, ctx, orgId, owner };
}

afterEach(() => {
  for (const { app, dir } of opened.splice(0)) {
    app.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

const localChanges = (db: FolioApp['db']) => changesInState(db, 'local', 100_000);
/** What travels: the change without this replica's bookkeeping. */
const wire = (changes: ReturnType<typeof localChanges>): FieldChange[] =>
  changes.map(({ hlc, dataset, rowKey, column, value, organizationId }) => ({ hlc, dataset, rowKey, column, value, organizationId }));
const spaceRow = (db: FolioApp['db'], id: string) =>
  db.prepare('SELECT title, emoji, organization_id, deleted_at FROM spaces WHERE id = ?').get(id) as Record<string, unknown> | undefined;

describe('capturing writes as field changes', () => {
  it('records every column of a new row and only the changed columns of an update, with its organization', () => {
    const a = replica();
    const before = localChanges(a.db).length;
    const { space } = createSpace(a.ctx, a.orgId, { title: 'Guide' }) as unknown as { space: { id: string } };
    const created = localChanges(a.db).slice(before);
    const spaceChanges = created.filter((c) => c.dataset === 'spaces');
    expect(spaceChanges.map((c) => c.column).sort()).toEqual([...DATASETS.find((d) => d.table === 'spaces')!.columns].sort());
    expect(spaceChanges.every((c) => c.rowKey === JSON.stringify([space.id]) && c.organizationId === a.orgId)).toBe(true);
    expect(spaceChanges.find((c) => c.column === 'title')!.value).toBe('"Guide"');

    const mark = localChanges(a.db).length;
    updateSpaceSettings(a.ctx, space.id, { title: 'Handbook' });
    const renamed = localChanges(a.db).slice(mark);
    expect(renamed.map((c) => c.column).sort()).toEqual(['title']);
    // Stamps only grow.
    const stamps = localChanges(a.db).map((c) => c.hlc);
    expect([...stamps].sort()).toEqual(stamps);
  });

  it('records nothing for writes made with capture off (changes being applied)', () => {
    const a = replica();
    const before = localChanges(a.db).length;
    withoutCapture(a.db, () => a.db.prepare('UPDATE organizations SET title = ? WHERE id = ?').run('Quiet', a.orgId));
    expect(localChanges(a.db)).toHaveLength(before);
  });

  it('records the rows a store already held when asked to backfill them', () => {
    const a = replica();
    a.db.prepare('DELETE FROM sync_changes').run();
    a.db.exec(backfillSql(DATASETS.find((d) => d.table === 'organizations')!));
    const titles = localChanges(a.db).filter((c) => c.column === 'title');
    expect(titles).toEqual([expect.objectContaining({ dataset: 'organizations', rowKey: JSON.stringify([a.orgId]) })]);
  });
});

describe('applying changes from another replica', () => {
  it("recreates the other replica's organization, owner, membership and spaces, without recording them as local", () => {
    const a = replica();
    const b = replica();
    const { space } = createSpace(a.ctx, a.orgId, { title: 'Guide', emoji: '📘' }) as unknown as { space: { id: string } };
    const bLocalBefore = localChanges(b.db).length;

    const result = applyRemoteChanges(b.db, wire(localChanges(a.db)));
    expect(result.waiting).toBe(0);
    expect(spaceRow(b.db, space.id)).toEqual(spaceRow(a.db, space.id));
    expect(b.db.prepare('SELECT role FROM members WHERE organization_id = ? AND user_id = ?').get(a.orgId, a.owner.id)).toEqual({ role: 'admin' });
    // The space has a first revision of its own on B, as a space created there would.
    const revision = b.db.prepare('SELECT r.id FROM spaces s JOIN revisions r ON r.id = s.revision_id WHERE s.id = ?').get(space.id);
    expect(revision).toBeDefined();
    expect(localChanges(b.db)).toHaveLength(bLocalBefore);
  });

  it('applies a resent batch once', () => {
    const a = replica();
    const b = replica();
    const batch = wire(localChanges(a.db));
    const first = applyRemoteChanges(b.db, batch);
    const again = applyRemoteChanges(b.db, batch);
    expect(first.applied).toBe(batch.length);
    expect(again).toEqual({ applied: 0, duplicates: batch.length, waiting: 0 });
  });

  it('creates a row that arrived before its parent once the parent arrives', () => {
    const a = replica();
    const b = replica();
    createSpace(a.ctx, a.orgId, { title: 'Late parent' });
    const all = wire(localChanges(a.db));
    const [spaces, rest] = [all.filter((c) => c.dataset === 'spaces'), all.filter((c) => c.dataset !== 'spaces')];
    expect(applyRemoteChanges(b.db, spaces).waiting).toBe(1);
    expect(applyRemoteChanges(b.db, rest).waiting).toBe(0);
    expect(b.db.prepare("SELECT title FROM spaces WHERE title = 'Late parent'").get()).toEqual({ title: 'Late parent' });
  });

  it('converges two offline renames of one space on the later one, on both replicas', async () => {
    const a = replica();
    const b = replica();
    const { space } = createSpace(a.ctx, a.orgId, { title: 'Start' }) as unknown as { space: { id: string } };
    applyRemoteChanges(b.db, wire(localChanges(a.db)));
    const seenByA = localChanges(a.db).length;
    const seenByB = localChanges(b.db).length;

    updateSpaceSettings(a.ctx, space.id, { title: 'From A', emoji: '🅰️' });
    // B renames a few milliseconds later (the clocks of both replicas are this process's) and leaves the emoji alone.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const bOwnerCtx = serviceContext(b.app, a.owner);
    updateSpaceSettings(bOwnerCtx, space.id, { title: 'From B' });

    applyRemoteChanges(b.db, wire(localChanges(a.db).slice(seenByA)));
    applyRemoteChanges(a.db, wire(localChanges(b.db).slice(seenByB)));
    expect(spaceRow(a.db, space.id)).toMatchObject({ title: 'From B', emoji: '🅰️' });
    expect(spaceRow(b.db, space.id)).toEqual(spaceRow(a.db, space.id));
  });

  it('refuses a change naming a table, column or key that does not sync', () => {
    const b = replica();
    const base: FieldChange = { hlc: '000000000000001-0000-x', dataset: 'spaces', rowKey: '["s"]', column: 'title', value: '"x"', organizationId: null };
    expect(() => applyRemoteChanges(b.db, [{ ...base, dataset: 'api_tokens' }])).toThrow(InvalidChangeError);
    expect(() => applyRemoteChanges(b.db, [{ ...base, column: 'revision_id' }])).toThrow(/not a synced column/);
    expect(() => applyRemoteChanges(b.db, [{ ...base, rowKey: '["a","b"]' }])).toThrow(/rowKey/);
    expect(() => applyRemoteChanges(b.db, [{ ...base, hlc: 'yesterday' }])).toThrow(/hlc/);
  });
});

describe('what is not a change to sync', () => {
  it('does not record the purge of a space past its retention (every replica purges on its own)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'folio-sync-purge-'));
    let now = new Date('2026-01-01T00:00:00Z');
    const app = openApp({ dataDir: dir, clock: { now: () => now } });
    opened.push({ app, dir });
    const { owner } = bootstrapOwner(app.db, app.clock, { ownerEmail: 'purge@folio.localhost' });
    const ctx = serviceContext(app, owner);
    const orgId = listOrganizationsOfUser(app.db, owner.id, {}).rows[0]!.id;
    const { space } = createSpace(ctx, orgId, { title: 'Old' }) as unknown as { space: { id: string } };
    deleteSpace(ctx, space.id);
    const before = localChanges(app.db).length;
    now = new Date('2026-02-01T00:00:00Z');
    expect(purgeExpiredSpaces(app)).toBe(1);
    expect(localChanges(app.db)).toHaveLength(before);
  });
});

describe('identity across replicas', () => {
  it("stores another replica's user who has the email of a local-only user, moving the local one aside", () => {
    const dirA = mkdtempSync(join(tmpdir(), 'folio-sync-id-'));
    const dirB = mkdtempSync(join(tmpdir(), 'folio-sync-id-'));
    const a = openApp({ dataDir: dirA });
    const b = openApp({ dataDir: dirB });
    opened.push({ app: a, dir: dirA }, { app: b, dir: dirB });
    // Both bootstrap owners are owner@folio.localhost.
    const { owner: ownerA } = bootstrapOwner(a.db, a.clock, {});
    const { owner: ownerB } = bootstrapOwner(b.db, b.clock, {});
    expect(ownerA.email).toBe(ownerB.email);

    expect(applyRemoteChanges(b.db, wire(localChanges(a.db))).waiting).toBe(0);
    const emails = b.db.prepare('SELECT id, email FROM users ORDER BY email').all() as Array<{ id: string; email: string }>;
    expect(emails).toEqual(
      expect.arrayContaining([
        { id: ownerA.id, email: 'owner@folio.localhost' },
        { id: ownerB.id, email: `owner+local-${ownerB.id}@folio.localhost` },
      ]),
    );
  });
});
