import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { text } from '../export/repository-support';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { commitToRepository, filesOf, git, logOf, makeRepository, removeRepositories } from './repositories';

// Git Sync configured on a space: the scheduler looks every 100 ms here (2 s in the app).
const server = useTestServer({ config: { allowFileImports: true, gitSyncTickMs: 100 } });
afterAll(removeRepositories);

const CONTENT = {
  'README.md': '# Welcome\n\nStart here.\n',
  'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n* [Guide](guide.md)\n',
  'guide.md': '# Guide\n\nThe guide.\n',
};

async function configuredSpace() {
  const org = await newOrganization(server);
  const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Synced docs' })).body.id as string;
  const repository = makeRepository(CONTENT);
  const configured = await server.api.put(`/v1/spaces/${spaceId}/git/sync`, { url: repository.url, ref: 'refs/heads/main' });
  expect(configured.status).toBe(200);
  expect((await server.api.post(`/v1/spaces/${spaceId}/git/sync/run`)).status).toBe(200);
  return { org, spaceId, repository, settings: configured.body };
}

/** Waits (bounded by a deadline, not a count) until `check` holds. */
async function eventually(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const giveUp = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > giveUp) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const pageTitles = async (spaceId: string) => ((await server.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages as Array<{ title: string }>).map((page) => page.title);

describe('PUT /v1/spaces/{spaceId}/git/sync', () => {
  it('turns Git Sync on for a space admin, with a webhook secret, and off again', async () => {
    const { spaceId, repository, settings } = await configuredSpace();
    expect(settings).toMatchObject({ enabled: true, url: repository.url, ref: 'refs/heads/main', hasCredentials: false, pollMinutes: 5 });
    expect(settings.webhook.url).toBe(`${server.url}/hooks/git/${spaceId}`);
    expect(settings.webhook.secret).toMatch(/^[\w-]{20,}$/);
    expect(await pageTitles(spaceId)).toEqual(['Welcome', 'Guide']);
    // The scheduler may be running its own first sync meanwhile: read the state once it is done.
    let read = await server.api.get(`/v1/spaces/${spaceId}/git/sync`);
    await eventually(async () => (read = await server.api.get(`/v1/spaces/${spaceId}/git/sync`)).body.operation.state !== 'running', 'the syncs done');
    expect(read.body).toMatchObject({ enabled: true, lastCommit: expect.stringMatching(/^[0-9a-f]{40}$/), operation: { state: 'success', direction: 'import' } });
    expect((await server.api.delete(`/v1/spaces/${spaceId}/git/sync`)).body.enabled).toBe(false);
  });

  it('is for space admins: a member who edits gets 403 and sees no secret', async () => {
    const { org, spaceId } = await configuredSpace();
    const editor = await org.member('edit', 'git-editor');
    expect((await editor.api.get(`/v1/spaces/${spaceId}/git/sync`)).status).toBe(403);
    expect((await editor.api.put(`/v1/spaces/${spaceId}/git/sync`, { url: 'https://example.com/a.git', ref: 'refs/heads/main' })).status).toBe(403);
  });
});

describe('a space with Git Sync on', () => {
  it('commits and pushes each merge, named after the change request and authored by its merger', async () => {
    const { org, spaceId, repository } = await configuredSpace();
    const reviewer = await org.member('admin', 'merger');
    const cr = (await reviewer.api.post(`/v1/spaces/${spaceId}/change-requests`, { subject: 'Add an FAQ' })).body;
    await reviewer.api.post(`/v1/spaces/${spaceId}/change-requests/${cr.id}/content`, { changes: [{ operation: 'insert_page', title: 'FAQ', document: { markdown: 'Questions.' } }] });
    expect((await reviewer.api.post(`/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`)).status).toBe(200);
    await eventually(() => logOf(repository).length === 2, 'the merge pushed');
    expect(logOf(repository)[0]).toBe(`merger 1 <${reviewer.email}>|#${cr.number}: Add an FAQ`);
    expect(text(filesOf(repository).get('faq.md'))).toBe('# FAQ\n\nQuestions.');
  });

  it('makes one commit per merge when several wait, each of the content at its merge', async () => {
    const { org, spaceId, repository } = await configuredSpace();
    // Off, so the scheduler leaves the merges to the one sync below (once its own first sync is over).
    await server.api.delete(`/v1/spaces/${spaceId}/git/sync`);
    const settled = async () => (await server.api.get(`/v1/spaces/${spaceId}/git/sync`)).body.operation.state !== 'running';
    await eventually(async () => (await settled()) && (await new Promise((resolve) => setTimeout(resolve, 500)), await settled()), 'no sync running');
    const merger = await org.member('admin', 'merger');
    const numbers: number[] = [];
    for (const title of ['FAQ', 'Glossary']) {
      const cr = (await merger.api.post(`/v1/spaces/${spaceId}/change-requests`, { subject: `Add the ${title}` })).body;
      await merger.api.post(`/v1/spaces/${spaceId}/change-requests/${cr.id}/content`, { changes: [{ operation: 'insert_page', title, document: { markdown: `The ${title}.` } }] });
      expect((await merger.api.post(`/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`)).status).toBe(200);
      numbers.push(cr.number);
    }
    expect((await server.api.post(`/v1/spaces/${spaceId}/git/sync/run`)).status).toBe(200);
    expect(logOf(repository).map((line) => line.split('|')[1])).toEqual([`#${numbers[1]}: Add the Glossary`, `#${numbers[0]}: Add the FAQ`, 'Initial content']);
    expect(git(['show', '--name-only', '--format=', 'main~1'], repository.dir).split('\n').sort()).toEqual(['SUMMARY.md', 'faq.md']);
    expect(text(filesOf(repository).get('glossary.md'))).toBe('# Glossary\n\nThe Glossary.');
  });

  it('merges new commits when the git host calls the webhook with the secret, and refuses a wrong one', async () => {
    const { spaceId, repository, settings } = await configuredSpace();
    commitToRepository(repository, 'Add setup', (work) => {
      writeFileSync(join(work, 'setup.md'), '# Setup\n\nInstall it.\n');
      writeFileSync(join(work, 'SUMMARY.md'), `${CONTENT['SUMMARY.md']}* [Setup](setup.md)\n`);
    });
    const payload = JSON.stringify({ ref: 'refs/heads/main' });
    const hook = (signature: string) =>
      fetch(settings.webhook.url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature }, body: payload });
    expect((await hook(`sha256=${createHmac('sha256', 'not the secret').update(payload).digest('hex')}`)).status).toBe(401);
    expect((await fetch(`${server.url}/hooks/git/no-such-space`, { method: 'POST', body: payload })).status).toBe(404);
    expect((await hook(`sha256=${createHmac('sha256', settings.webhook.secret).update(payload).digest('hex')}`)).status).toBe(202);
    await eventually(async () => (await pageTitles(spaceId)).includes('Setup'), 'the commit merged');
    const merged = await server.api.get(`/v1/spaces/${spaceId}/change-requests?status=merged`);
    expect(merged.body.items.map((cr: { subject: string }) => cr.subject)).toEqual(['Git Sync: Add setup']);
  });

  it('on "Sync now", merges the repository\'s edits and Folio\'s, and pushes the result', async () => {
    const { spaceId, repository } = await configuredSpace();
    const [, guide] = (await server.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages as Array<{ id: string }>;
    commitToRepository(repository, 'Retitle welcome', (work) => writeFileSync(join(work, 'README.md'), '# Welcome\n\nStart right here.\n'));
    const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, { subject: 'Better guide' })).body;
    await server.api.post(`/v1/spaces/${spaceId}/change-requests/${cr.id}/content`, { changes: [{ operation: 'update_page', page: guide!.id, document: { markdown: 'The better guide.' } }] });
    await server.api.post(`/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`);
    const run = await server.api.post(`/v1/spaces/${spaceId}/git/sync/run`);
    expect(run.status).toBe(200);
    await eventually(() => text(filesOf(repository).get('README.md')) === '# Welcome\n\nStart right here.\n' && text(filesOf(repository).get('guide.md')) === '# Guide\n\nThe better guide.', 'both sides in git');
    expect(logOf(repository)[0]).toMatch(new RegExp(`\\|#${cr.number}: Better guide$`));
  });
});

describe('POST /v1/spaces/{spaceId}/git/sync/run', () => {
  it('answers 404 for a space without Git Sync', async () => {
    const org = await newOrganization(server);
    const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Plain' })).body.id as string;
    expect((await server.api.post(`/v1/spaces/${spaceId}/git/sync/run`)).status).toBe(404);
  });
});
