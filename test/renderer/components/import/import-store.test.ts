import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { folderUrl, MAX_UPLOAD_BYTES, uploadSource, websiteUrl } from '../../../../src-renderer/src/components/import/import-source';
import { createImportStore, type ImportClient, POLL_MS } from '../../../../src-renderer/src/components/import/import-store';
import { createNavigationStore } from '../../../../src-renderer/src/stores/navigation-store';
import { serverError, unauthorizedError } from '../../fake-client';

type Status = Awaited<ReturnType<ImportClient['content']['importStatus']['query']>>;

const running = (done: number, found: number): Status => ({ id: 'job-1', state: 'running', done, found, startedAt: 0 });
const result = { revision: 'r-9', importedResources: 4, totalResources: 5, pages: 3, files: 1, failures: ['guides/missing.md: not found'] };

function setup(statuses: Status[] = [running(0, 0), running(2, 5), { id: 'job-1', state: 'done', done: 4, found: 5, startedAt: 0, result }]) {
  const client = {
    content: {
      startImport: { mutate: vi.fn(async (_input: { spaceId: string; url: string; source: string }) => ({ jobId: 'job-1' })) },
      startUploadImport: { mutate: vi.fn(async (_input: { spaceId: string; source: string; name: string; data: string }) => ({ jobId: 'job-1' })) },
      importStatus: { query: vi.fn(async (_input: { jobId: string }) => statuses.shift() ?? running(0, 0)) },
    },
    settings: {
      get: { query: vi.fn(async () => ({ owner: true, desktop: false, apiUrl: 'http://folio.test/v1', fileImports: false, remote: null })) },
    },
  } satisfies ImportClient;
  const navigation = createNavigationStore();
  navigation.getState().enterSpace('s-1');
  const onUnauthorized = vi.fn();
  const store = createImportStore({ client, onUnauthorized, navigation });
  return { store, client, navigation, onUnauthorized };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the import store', () => {
  it('starts a folder import as a file:// URL, polls its progress, and ends with the result and a content reload', async () => {
    const { store, client, navigation } = setup();
    await store.getState().start({ spaceId: 's-1', parentPageId: 'p-1' }, { kind: 'folder', path: '/home/me/My docs' });
    expect(client.content.startImport.mutate).toHaveBeenCalledWith({ spaceId: 's-1', parentPageId: 'p-1', url: 'file:///home/me/My%20docs', source: 'markdown' });
    expect(store.getState().phase).toEqual({ status: 'running', jobId: 'job-1', done: 0, found: 0 });

    await vi.advanceTimersByTimeAsync(POLL_MS);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(store.getState().phase).toEqual({ status: 'running', jobId: 'job-1', done: 2, found: 5 });
    expect(navigation.getState().contentVersion).toBe(0);

    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(store.getState().phase).toEqual({ status: 'done', result });
    expect(navigation.getState().contentVersion).toBe(1);
    await vi.advanceTimersByTimeAsync(POLL_MS * 5);
    expect(client.content.importStatus.query).toHaveBeenCalledTimes(3);
  });

  it('uploads a chosen zip as base64 through the upload import', async () => {
    const { store, client } = setup();
    await store.getState().start({ spaceId: 's-1' }, { kind: 'file', name: 'export.zip', bytes: new Uint8Array([80, 75, 3, 4]) });
    expect(client.content.startUploadImport.mutate).toHaveBeenCalledWith({ spaceId: 's-1', source: 'zip', name: 'export.zip', data: 'UEsDBA==' });
  });

  it('says what is wrong with a field before asking the server', async () => {
    const { store, client } = setup();
    await store.getState().start({ spaceId: 's-1' }, { kind: 'folder', path: '~/docs' });
    expect(store.getState().inputError).toMatch(/full path/);
    await store.getState().start({ spaceId: 's-1' }, { kind: 'file', name: 'notes.pdf', bytes: new Uint8Array(1) });
    expect(store.getState().inputError).toMatch(/choose a \.zip, \.docx, \.md or \.html file/);
    expect(store.getState().phase.status).toBe('idle');
    expect(client.content.startImport.mutate).not.toHaveBeenCalled();
  });

  it('shows the server refusal in its words, and a failed job with its reason, keeping the fields to fix', async () => {
    const { store, client } = setup([{ id: 'job-1', state: 'failed', done: 0, found: 0, startedAt: 0, error: 'url: nothing at file:///nope' }]);
    store.getState().setDraft({ kind: 'folder', path: '/nope' });
    client.content.startImport.mutate.mockRejectedValueOnce(serverError('url: file:// URLs are imported by the desktop app', 'BAD_REQUEST', 400));
    await store.getState().start({ spaceId: 's-1' }, { kind: 'folder', path: '/nope' });
    expect(store.getState().phase).toEqual({ status: 'failed', message: 'url: file:// URLs are imported by the desktop app' });

    await store.getState().start({ spaceId: 's-1' }, { kind: 'folder', path: '/nope' });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(store.getState().phase).toEqual({ status: 'failed', message: 'url: nothing at file:///nope' });
    store.getState().reset();
    expect(store.getState().draft).toMatchObject({ kind: 'folder', path: '/nope' });
  });

  it('keeps polling through a brief network failure, and stops on a 401', async () => {
    const { store, client, onUnauthorized } = setup([running(1, 2)]);
    await store.getState().start({ spaceId: 's-1' }, { kind: 'website', url: 'docs.example.com' });
    expect(client.content.startImport.mutate).toHaveBeenCalledWith({ spaceId: 's-1', url: 'https://docs.example.com/', source: 'website' });
    client.content.importStatus.query.mockRejectedValueOnce(Object.assign(new Error('Failed to fetch'), { name: 'TRPCClientError' }));
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(store.getState().phase.status).toBe('running');
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(store.getState().phase).toMatchObject({ status: 'running', done: 1, found: 2 });

    client.content.importStatus.query.mockRejectedValueOnce(unauthorizedError());
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(store.getState().phase).toEqual({ status: 'failed', message: 'Lost track of the import: Missing or invalid API token' });
    expect(onUnauthorized).toHaveBeenCalled();
  });

  it('learns whether this server reads folders on its disk', async () => {
    const { store } = setup();
    await store.getState().checkFileImports();
    expect(store.getState().fileImports).toEqual({ status: 'known', allowed: false, desktop: false });
  });
});

describe('the import fields', () => {
  it('turn local paths into file:// URLs', () => {
    expect(folderUrl('/srv/docs')).toEqual({ ok: true, value: 'file:///srv/docs' });
    expect(folderUrl('C:\\Users\\Ann\\My Docs')).toEqual({ ok: true, value: 'file:///C:/Users/Ann/My%20Docs' });
    expect(folderUrl('\\\\server\\share\\docs')).toEqual({ ok: true, value: 'file://server/share/docs' });
    expect(folderUrl('file:///srv/docs')).toEqual({ ok: true, value: 'file:///srv/docs' });
    expect(folderUrl('docs').ok).toBe(false);
  });

  it('accept a web address without its scheme, and refuse what is not one', () => {
    expect(websiteUrl('docs.example.com/guide')).toEqual({ ok: true, value: 'https://docs.example.com/guide' });
    expect(websiteUrl('ftp://example.com').ok).toBe(false);
    expect(websiteUrl('  ').ok).toBe(false);
  });

  it('tell a file by its name, within the upload limit', () => {
    expect(uploadSource('Report.DOCX', 10)).toEqual({ ok: true, value: 'docx' });
    expect(uploadSource('notes.markdown', 10)).toEqual({ ok: true, value: 'markdown' });
    expect(uploadSource('big.zip', MAX_UPLOAD_BYTES + 1)).toMatchObject({ ok: false, message: expect.stringMatching(/larger than 8 MB/) });
  });
});
