import { beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import type { ServiceContext } from '../../src-main/app/context';
import { createPage, setPageMarkdown } from '../../src-main/content/pages-service';
import { getUserById } from '../../src-main/store/users';
import { useTestServer } from '../support/server';
import { changeRequestToReview } from './review-fixtures';

const server = useTestServer();
let owner: ServiceContext;
beforeAll(() => {
  owner = serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);
});

describe('contributors of a change request', () => {
  it('lists who edited it (from its revisions) and who took part in its discussion', async () => {
    const { org, spaceId, cr, path } = await changeRequestToReview(server);
    const { pageId } = createPage(owner, spaceId, { title: 'Page', markdown: 'Hello' }, cr.id);
    setPageMarkdown(owner, spaceId, pageId, 'Hello again', cr.id);
    const commenter = await org.member('comment', 'commenter');
    const comment = (await commenter.api.post(`${path}/comments`, { body: { markdown: 'Nice' } })).body;
    await commenter.api.post(`${path}/comments/${comment.id}/replies`, { body: { markdown: 'And more' } });

    const res = await server.api.get(`${path}/contributors`);
    expect(res.status).toBe(200);
    const entries = res.body.items.map((c: { user: { id: string }; actionType: string; count: number }) => [c.user.id, c.actionType, c.count]);
    expect(entries).toContainEqual([commenter.id, 'comment', 2]);
    const edits = entries.find(([id, action]: [string, string]) => id === server.owner.id && action === 'edit');
    expect(edits?.[2]).toBeGreaterThanOrEqual(1);
    expect(entries.some(([id, action]: [string, string]) => id === commenter.id && action === 'edit')).toBe(false);
    expect(res.body.count).toBe(res.body.items.length);
    expect((await server.api.get(`/v1/spaces/${spaceId}/change-requests/nope/contributors`)).status).toBe(404);
  });
});
