import { describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import { getUserById } from '../../src-main/store/users';
import { appRouter } from '../../src-main/trpc/router';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { trpcClient, trpcError } from './client';

const server = useTestServer();
const owner = () => trpcClient(server.url, server.owner.token);

/** The desktop window's calls: over IPC, as the owner, carrying the owner's token (src-main/electron/main.ts). */
function desktopCaller(ownerToken: string) {
  const user = getUserById(server.app.db, server.owner.id)!;
  return appRouter.createCaller({ ...serviceContext(server.app, user), baseUrl: server.url, desktop: { ownerToken } });
}

describe('settings.get', () => {
  it('gives the owner the API address they reached, the data folder and whether file imports are allowed', async () => {
    const settings = await owner().settings.get.query();
    expect(settings).toEqual({
      owner: true,
      desktop: false,
      apiUrl: `${server.url}/v1`,
      dataDir: server.dataDir,
      fileImports: false,
      remote: null,
    });
  });

  it('never shows server paths or the team server to another user of a shared server', async () => {
    const org = await newOrganization(server);
    const member = await org.member('admin', 'admin');
    const settings = await trpcClient(server.url, member.token).settings.get.query();
    expect(settings).toMatchObject({ owner: false, apiUrl: `${server.url}/v1`, remote: null });
    expect(settings.dataDir).toBeUndefined();
    expect(settings.ownerToken).toBeUndefined();
  });

  it('gives the desktop window the owner token for local tools, which the HTTP endpoint never returns', async () => {
    const settings = await desktopCaller('folio_desktop_token').settings.get();
    expect(settings).toMatchObject({ desktop: true, owner: true, ownerToken: 'folio_desktop_token', dataDir: server.dataDir });
    expect((await owner().settings.get.query()).ownerToken).toBeUndefined();
  });
});

describe('settings.setRemote and clearRemote', () => {
  it('saves the team server, answers the token only as a hint, and keeps the token when only the address changes', async () => {
    const saved = await owner().settings.setRemote.mutate({ url: 'https://docs.example.com', token: 'folio_remote_token_a1b2' });
    expect(saved).toEqual({ url: 'https://docs.example.com', tokenHint: '…a1b2', updatedAt: expect.any(String) });
    expect(JSON.stringify(await owner().settings.get.query())).not.toContain('folio_remote_token_a1b2');
    expect((await owner().settings.get.query()).remote).toMatchObject({ url: 'https://docs.example.com', tokenHint: '…a1b2' });

    await owner().settings.setRemote.mutate({ url: 'https://team.example.com/folio' });
    expect((await owner().settings.get.query()).remote).toMatchObject({ url: 'https://team.example.com/folio', tokenHint: '…a1b2' });

    await owner().settings.clearRemote.mutate();
    expect((await owner().settings.get.query()).remote).toBeNull();
  });

  it('refuses an address that is not http(s), one too long, or a first save without a token, in words', async () => {
    expect(await trpcError(owner().settings.setRemote.mutate({ url: 'ftp://example.com', token: 't' }))).toEqual({
      code: 'BAD_REQUEST',
      httpStatus: 400,
      message: 'url: must be an http(s) URL',
    });
    const long = `https://example.com/${'a'.repeat(2048)}`;
    expect(await trpcError(owner().settings.setRemote.mutate({ url: long, token: 't' }))).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^url:/) });
    expect(await trpcError(owner().settings.setRemote.mutate({ url: 'https://example.com' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^token:/),
    });
  });

  it('lets only the instance owner change the team server', async () => {
    const org = await newOrganization(server);
    const admin = await org.member('admin', 'admin');
    const other = trpcClient(server.url, admin.token);
    expect(await trpcError(other.settings.setRemote.mutate({ url: 'https://evil.example.com', token: 'x' }))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await trpcError(other.settings.clearRemote.mutate())).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('answers 401 without a token', async () => {
    expect(await trpcError(trpcClient(server.url).settings.get.query())).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('settings.liveEndpoint', () => {
  it('gives the desktop window its own host’s live channel with the owner’s token, and an HTTP caller nothing', async () => {
    const endpoint = await desktopCaller(server.owner.token).settings.liveEndpoint();
    expect(endpoint).toEqual({ url: `${server.url.replace(/^http/, 'ws')}/live/v1`, token: server.owner.token });
    expect(await owner().settings.liveEndpoint.query()).toBeNull();
  });

  it('answers the team account’s token when the window acts as that account, and none when no token here is theirs', async () => {
    const account = server.userToken('team-account-live@example.com', 'Team account');
    await owner().settings.setRemote.mutate({ url: 'https://team.example.com', token: account.token });
    try {
      const actingAs = (userId: string) =>
        appRouter.createCaller({ ...serviceContext(server.app, getUserById(server.app.db, userId)!), baseUrl: server.url, desktop: { ownerToken: server.owner.token } });
      expect(await actingAs(account.id).settings.liveEndpoint()).toMatchObject({ token: account.token });
      // Someone whose token the window does not hold (neither the owner's nor the team account's).
      const stranger = server.userToken('no-token-here@example.com');
      expect(await actingAs(stranger.id).settings.liveEndpoint()).toBeNull();
    } finally {
      await owner().settings.clearRemote.mutate();
    }
  });
});
