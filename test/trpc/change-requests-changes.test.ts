import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { trpcClient, trpcError } from './client';

const server = useTestServer();

async function setup() {
  const org = await newOrganization(server);
  const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, {})).body.id as string;
  const trpc = trpcClient(server.url, server.owner.token);
  return { org, spaceId, trpc };
}

describe('changeRequests.changes', () => {
  it('lists the changes /v1 lists, each page change with its line diff', async () => {
    const { spaceId, trpc } = await setup();
    const { pageId: guide } = await trpc.content.createPage.mutate({
      spaceId,
      title: 'Guide',
      markdown: '# Guide\n\nInstall the app.\n\nThen open it.\n',
    });
    const { pageId: old } = await trpc.content.createPage.mutate({ spaceId, title: 'Old', markdown: 'Remove me.\n' });
    const cr = await trpc.changeRequests.create.mutate({ spaceId, subject: 'Rewrite' });
    const changeRequestId = cr.id;
    await trpc.content.setMarkdown.mutate({ spaceId, pageId: guide, changeRequestId, markdown: '# Guide\n\nInstall the desktop app.\n\nThen open it.\n' });
    await trpc.content.createPage.mutate({ spaceId, changeRequestId, title: 'Added', markdown: 'New words.\n' });
    await trpc.content.deletePage.mutate({ spaceId, changeRequestId, pageId: old });

    const result = await trpc.changeRequests.changes.query({ spaceId, changeRequestId });
    const rest = (await server.api.get(`/v1/spaces/${spaceId}/change-requests/${cr.id}/changes?limit=100`)).body;
    expect(result.changes.map(({ diff: _diff, ...change }) => change)).toEqual(rest.changes);

    const [edited, created, deleted] = result.changes;
    expect(edited).toMatchObject({ type: 'page_edited', page: { id: guide } });
    expect(edited!.diff).toEqual([
      { type: 'equal', text: '# Guide' },
      { type: 'equal', text: '' },
      {
        type: 'delete',
        text: 'Install the app.',
        // Nothing of this line was deleted: the words stay, and the inserted line says what came in.
        spans: [{ type: 'equal', text: 'Install the app.' }],
      },
      {
        type: 'insert',
        text: 'Install the desktop app.',
        spans: [
          { type: 'equal', text: 'Install the ' },
          { type: 'insert', text: 'desktop ' },
          { type: 'equal', text: 'app.' },
        ],
      },
      { type: 'equal', text: '' },
      { type: 'equal', text: 'Then open it.' },
    ]);
    expect(created).toMatchObject({ type: 'page_created', page: { title: 'Added' }, diff: [{ type: 'insert', text: 'New words.' }] });
    expect(deleted).toMatchObject({ type: 'page_deleted', page: { id: old }, diff: [{ type: 'delete', text: 'Remove me.' }] });
  });

  it('folds unchanged lines far from a change and counts what the limit leaves out', async () => {
    const { spaceId, trpc } = await setup();
    const lines = Array.from({ length: 20 }, (_, i) => `Line ${i + 1}`);
    const { pageId } = await trpc.content.createPage.mutate({ spaceId, title: 'Long', markdown: lines.join('\n') });
    const cr = await trpc.changeRequests.create.mutate({ spaceId });
    const edited = lines.map((line, i) => (i === 9 ? 'Line ten, rewritten' : line));
    await trpc.content.setMarkdown.mutate({ spaceId, pageId, changeRequestId: cr.id, markdown: edited.join('\n') });
    await trpc.content.createPage.mutate({ spaceId, changeRequestId: cr.id, title: 'Second' });

    const one = await trpc.changeRequests.changes.query({ spaceId, changeRequestId: cr.id, limit: 1 });
    expect(one.more).toBe(1);
    expect(one.changes[0]!.diff!.map((line) => (line.type === 'skip' ? `skip ${line.count}` : `${line.type} ${line.text}`))).toEqual([
      'skip 6',
      'equal Line 7',
      'equal Line 8',
      'equal Line 9',
      'delete Line 10',
      'insert Line ten, rewritten',
      'equal Line 11',
      'equal Line 12',
      'equal Line 13',
      'skip 7',
    ]);
  });

  it('archives and reopens a change request through update, and refuses to change a merged one', async () => {
    const { spaceId, trpc } = await setup();
    const cr = await trpc.changeRequests.create.mutate({ spaceId, subject: 'Maybe later' });
    const ref = { spaceId, changeRequestId: cr.id };
    expect((await trpc.changeRequests.edit.mutate({ ...ref, status: 'archived' })).status).toBe('archived');
    expect((await trpc.changeRequests.list.query({ spaceId, status: 'archived' })).items.map((c) => c.id)).toEqual([cr.id]);
    expect((await trpc.changeRequests.edit.mutate({ ...ref, status: 'open' })).status).toBe('open');
    await trpc.changeRequests.merge.mutate(ref);
    expect((await trpcError(trpc.changeRequests.edit.mutate({ ...ref, status: 'archived' }))).code).toBe('CONFLICT');
  });

  it('refuses a bad limit naming the field, and an unknown change request', async () => {
    const { spaceId, trpc } = await setup();
    const cr = await trpc.changeRequests.create.mutate({ spaceId });
    const bad = await trpcError(trpc.changeRequests.changes.query({ spaceId, changeRequestId: cr.id, limit: 0 }));
    expect(bad).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^limit:/) });
    expect((await trpcError(trpc.changeRequests.changes.query({ spaceId, changeRequestId: 'nope' }))).code).toBe('NOT_FOUND');
  });

  it('shows nothing of the request to someone who cannot read the space', async () => {
    const { spaceId, trpc } = await setup();
    const cr = await trpc.changeRequests.create.mutate({ spaceId });
    const outsider = server.userToken('outsider-trpc-changes@example.com');
    const error = await trpcError(trpcClient(server.url, outsider.token).changeRequests.changes.query({ spaceId, changeRequestId: cr.id }));
    expect(error.code).toBe('NOT_FOUND');
  });
});
