import { describe, expect, it, vi } from 'vitest';
import { describeReusableContentChange } from '../../../../src-renderer/src/components/reusable-contents/ReusableContentChangeItem';
import { lookupInclude, reusableContentSource } from '../../../../src-renderer/src/components/reusable-contents/reusable-content-source';
import {
  createReusableContentsStore,
  type ReusableContentsClient,
  type ReusableContentsStore,
} from '../../../../src-renderer/src/components/reusable-contents/reusable-contents-store';
import { createNavigationStore, openContentOf } from '../../../../src-renderer/src/stores/navigation-store';
import { serverError, unauthorizedError } from '../../fake-client';

interface Stored {
  id: string;
  title: string;
  slug: string;
  markdown: string;
}

/** The reusable contents procedures over an in-memory table per content (space, or space + change request). */
function fakeReusableClient(seed: Record<string, Stored[]> = {}) {
  const contents = new Map(Object.entries(seed).map(([key, rows]) => [key, rows.map((row) => ({ ...row }))]));
  const rowsOf = (input: { spaceId: string; changeRequestId?: string }) => {
    const key = input.changeRequestId ? `${input.spaceId}/${input.changeRequestId}` : input.spaceId;
    if (!contents.has(key)) contents.set(key, []);
    return contents.get(key)!;
  };
  const find = (input: { spaceId: string; changeRequestId?: string; id: string }) => {
    const row = rowsOf(input).find((candidate) => candidate.id === input.id);
    if (!row) throw serverError(`Reusable content "${input.id}" not found`);
    return row;
  };
  let next = 1;
  const client = {
    reusableContents: {
      list: { query: vi.fn(async (input) => rowsOf(input).map(({ id, title, slug }) => ({ id, title, slug }))) },
      find: { query: vi.fn(async (input) => ({ ...find(input) })) },
      create: {
        mutate: vi.fn(async (input) => {
          const id = `rc-${(next += 1)}`;
          rowsOf(input).push({ id, title: input.title, slug: input.title.toLowerCase().replace(/\W+/g, '-'), markdown: input.markdown ?? '' });
          return { id, revision: 'r-1' };
        }),
      },
      rename: {
        mutate: vi.fn(async (input) => {
          find(input).title = input.title;
          return { revision: 'r-2' };
        }),
      },
      delete: {
        mutate: vi.fn(async (input) => {
          const rows = rowsOf(input);
          rows.splice(rows.indexOf(find(input)), 1);
          return { revision: 'r-3' };
        }),
      },
    },
  } satisfies ReusableContentsClient;
  return { client, contents };
}

function setup(seed?: Record<string, Stored[]>) {
  const { client, contents } = fakeReusableClient(seed);
  const navigation = createNavigationStore();
  const onUnauthorized = vi.fn();
  const store = createReusableContentsStore({ client, onUnauthorized, navigation });
  return { client, contents, navigation, store, onUnauthorized };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
const titles = (store: ReusableContentsStore) => store.getState().items.map((item) => item.title);

const SETUP: Stored = { id: 'rc-setup', title: 'Setup', slug: 'setup', markdown: 'Install it.\n' };
const FOOTER: Stored = { id: 'rc-footer', title: 'Footer', slug: 'footer', markdown: 'Ask us.\n' };

describe('the reusable contents store', () => {
  it('lists the content being edited, sorted by title, and the change request’s own when one is opened', async () => {
    const { navigation, store } = setup({ 's-1': [SETUP, FOOTER], 's-1/cr-1': [SETUP] });
    navigation.getState().enterSpace('s-1');
    await settled();
    expect(store.getState().load).toEqual({ status: 'ready' });
    expect(titles(store)).toEqual(['Footer', 'Setup']);
    navigation.getState().openChangeRequest('cr-1');
    await settled();
    expect(titles(store)).toEqual(['Setup']);
  });

  it('creates, renames and deletes, closing the editor on a deleted one', async () => {
    const { navigation, store, client } = setup({ 's-1': [SETUP] });
    navigation.getState().enterSpace('s-1');
    await settled();
    const id = await store.getState().create('Safety check');
    expect(client.reusableContents.create.mutate).toHaveBeenLastCalledWith({ spaceId: 's-1', title: 'Safety check' });
    expect(titles(store)).toEqual(['Safety check', 'Setup']);

    expect(await store.getState().rename(id!, 'Pre-deploy check')).toBe(true);
    expect(titles(store)).toEqual(['Pre-deploy check', 'Setup']);

    navigation.getState().openReusableContent(id);
    expect(openContentOf(navigation.getState())).toEqual({ kind: 'reusable-content', reusableContentId: id });
    expect(await store.getState().remove(id!)).toBe(true);
    expect(titles(store)).toEqual(['Setup']);
    expect(openContentOf(navigation.getState())).toBeUndefined();
    expect(store.getState().pending).toEqual({ create: false, [`rename:${id}`]: false, [`delete:${id}`]: false });
  });

  it('keeps a refusal in the server’s words for the action it belongs to, and signs out on 401', async () => {
    const { navigation, store, client, onUnauthorized } = setup({ 's-1': [SETUP] });
    navigation.getState().enterSpace('s-1');
    await settled();
    client.reusableContents.rename.mutate.mockRejectedValueOnce(serverError('give the reusable content a title', 'BAD_REQUEST', 400));
    expect(await store.getState().rename('rc-setup', ' ')).toBe(false);
    expect(store.getState().errors['rename:rc-setup']).toContain('give the reusable content a title');
    client.reusableContents.delete.mutate.mockRejectedValueOnce(unauthorizedError());
    expect(await store.getState().remove('rc-setup')).toBe(false);
    expect(onUnauthorized).toHaveBeenCalled();
    expect(titles(store)).toEqual(['Setup']);
  });

  it('answers what an include shows: loading, then the markdown it fetched once, missing for an unknown slug', async () => {
    const { navigation, store, client, contents } = setup({ 's-1': [SETUP] });
    const source = reusableContentSource(store);
    const heard = vi.fn();
    source.subscribe(heard);
    navigation.getState().enterSpace('s-1');
    expect(source.lookup('setup')).toEqual({ status: 'loading' });
    await settled();
    expect(source.lookup('SETUP')).toEqual({ status: 'loading' }); // slugs compare without case; the markdown is on its way
    await settled();
    expect(source.lookup('setup')).toEqual({ status: 'ready', title: 'Setup', markdown: 'Install it.\n' });
    expect(source.lookup('gone')).toEqual({ status: 'missing' });
    expect(client.reusableContents.find.query).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalled();

    // Edited in its own editor: forgotten, so the next include drawn fetches it again.
    contents.get('s-1')![0]!.markdown = 'Install it twice.\n';
    store.getState().forgetMarkdown('rc-setup');
    expect(source.lookup('setup')).toEqual({ status: 'loading' });
    await settled();
    expect(source.lookup('setup')).toMatchObject({ status: 'ready', markdown: 'Install it twice.\n' });
  });

  it('shows the cached list of a content at once when it comes back to it', async () => {
    const { navigation, store, client } = setup({ 's-1': [SETUP], 's-2': [FOOTER] });
    navigation.getState().enterSpace('s-1');
    await settled();
    navigation.getState().enterSpace('s-2');
    await settled();
    client.reusableContents.list.query.mockReturnValueOnce(new Promise(() => undefined));
    navigation.getState().enterSpace('s-1');
    expect(titles(store)).toEqual(['Setup']);
    expect(store.getState().load).toEqual({ status: 'ready' });
  });
});

describe('what the editor has open', () => {
  it('is a page or a reusable content, never both', () => {
    const navigation = createNavigationStore();
    navigation.getState().enterSpace('s-1');
    navigation.getState().openPage('p-1');
    expect(openContentOf(navigation.getState())).toEqual({ kind: 'page', pageId: 'p-1' });
    navigation.getState().openReusableContent('rc-1');
    expect(openContentOf(navigation.getState())).toEqual({ kind: 'reusable-content', reusableContentId: 'rc-1' });
    expect(navigation.getState().pageId).toBeUndefined();
    navigation.getState().openPage('p-2');
    expect(openContentOf(navigation.getState())).toEqual({ kind: 'page', pageId: 'p-2' });
    navigation.getState().openReusableContent('rc-1');
    navigation.getState().enterSpace('s-2');
    expect(openContentOf(navigation.getState())).toBeUndefined();
  });
});

describe('looking up an include in the store’s state', () => {
  it('says loading before the list arrives and an error when it failed', () => {
    expect(lookupInclude({ load: { status: 'loading' }, items: [], markdown: {} }, 'setup')).toEqual({ status: 'loading' });
    expect(lookupInclude({ load: { status: 'error', message: 'offline' }, items: [], markdown: {} }, 'setup')).toEqual({ status: 'error', message: 'offline' });
  });
});

describe('a reusable content change in words', () => {
  it('says what was added, removed or edited', () => {
    expect(describeReusableContentChange({ type: 'reusable_content_created' })).toBe('Added');
    expect(describeReusableContentChange({ type: 'reusable_content_deleted' })).toMatch(/^Removed/);
    expect(describeReusableContentChange({ type: 'reusable_content_edited', attributes: { title: { before: 'Setup', after: 'Install' }, document: {} } })).toBe(
      'Renamed from “Setup”, text edited',
    );
  });
});
