import { describe, expect, it } from 'vitest';
import { createPage } from '../../src-main/content/pages-service';
import { changesInState } from '../../src-main/store/sync-changes';
import { getUserById } from '../../src-main/store/users';
import { apiClient } from '../support/api';
import { useReplicas } from '../support/replicas';

const { serverAndWorkstation } = useReplicas();

describe("an installation token's principal and sync", () => {
  it('brings the profile of the principal that wrote a comment, though it is no member', async () => {
    const { server, host, workstation, attach } = await serverAndWorkstation();
    const api = apiClient(host.url, server.token);
    const name = `sync-tokens-${Date.now().toString(36)}`;
    const publication = { title: 'Acme Sync', description: 'Syncs', script: 'export default {};', organization: server.orgId, scopes: ['space:content:write'], target: 'all' };
    expect((await api.post(`/v1/integrations/${name}`, publication)).status).toBe(200);
    const installation = (await api.post(`/v1/integrations/${name}/installations`, { organization: server.orgId })).body;
    const space = (await api.post(`/v1/orgs/${server.orgId}/spaces`, { title: 'Docs' })).body;
    createPage(server.ctx, space.id, { title: 'Guide', markdown: '# Guide' });
    await api.post(`/v1/integrations/${name}/installations/${installation.id}/spaces`, { space: space.id });
    const { token } = (await api.post(`/v1/integrations/${name}/installations/${installation.id}/tokens`, {})).body;
    const bot = apiClient(host.url, token);
    const comment = await bot.post(`/v1/spaces/${space.id}/comments`, { body: { markdown: 'From Acme' } });
    expect(comment.status).toBe(200);

    const client = attach(server.token);
    await client.syncOnce();
    const author = comment.body.postedBy.id as string;
    expect(getUserById(workstation.db, author)?.display_name).toBe('Acme Sync');
    expect(workstation.db.prepare('SELECT posted_by FROM comments WHERE id = ?').get(comment.body.id)).toEqual({ posted_by: author });
    expect(changesInState(workstation.db, 'refused', 10)).toEqual([]);
  });
});
