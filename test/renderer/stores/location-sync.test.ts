import { describe, expect, it, vi } from 'vitest';
import { type AppClient, createDesktopStores } from '../../../src-renderer/src/stores/app-stores';
import { type AddressBar, formatLocation, parseLocation, syncLocation } from '../../../src-renderer/src/stores/location-sync';
import { memoryStorage } from '../../../src-renderer/src/stores/storage';
import { fakeClient, organization, serverError, space } from '../fake-client';

/** An address bar with a history list, as a browser keeps it. */
function fakeAddress(initial = '') {
  const entries = [initial];
  let index = 0;
  const listeners = new Set<() => void>();
  const address: AddressBar & { entries: string[]; back(): void } = {
    entries,
    get hash() {
      return entries[index]!;
    },
    push(hash) {
      entries.splice(index + 1, entries.length, hash);
      index = entries.length - 1;
    },
    listen(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    back() {
      index = Math.max(0, index - 1);
      listeners.forEach((listener) => listener());
    },
  };
  return address;
}

/**
 * The stores over a fake client that knows organizations and spaces; the feature stores' procedures (page
 * trees, bodies...) are refused, which they show as errors without affecting where the app is.
 */
function setup() {
  const base = fakeClient({
    organizations: [organization('org-acme', 'Acme'), organization('org-globex', 'Globex')],
    spaces: { 'org-acme': [space('s-guide', 'Guide')], 'org-globex': [space('s-api', 'API', { organization: 'org-globex' })] },
  });
  const refuse = (): unknown =>
    new Proxy(() => Promise.reject(serverError('not served by this fake')), { get: (_target, key) => (key === 'then' ? undefined : refuse()) });
  const client = new Proxy(base, { get: (target, key) => (key in target ? target[key as keyof typeof target] : refuse()) });
  const stores = createDesktopStores(memoryStorage(), client as unknown as AppClient);
  return { stores, client: base };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the address of what is open', () => {
  it('formats and parses a space, a page, a change request and a revision', () => {
    const location = { spaceId: 's 1', pageId: 'p/2', changeRequestId: 'cr1', revisionId: 'rev1' };
    const hash = formatLocation(location);
    expect(hash).toBe('#/spaces/s%201/pages/p%2F2?cr=cr1&rev=rev1');
    expect(parseLocation(hash)).toEqual(location);
    expect(parseLocation('#/spaces/s1')).toEqual({ spaceId: 's1', pageId: undefined, changeRequestId: undefined, revisionId: undefined });
  });

  it('formats and parses a reusable content open in a change request, never together with a page', () => {
    const location = { spaceId: 's1', reusableContentId: 'rc 1', changeRequestId: 'cr1' };
    const hash = formatLocation(location);
    expect(hash).toBe('#/spaces/s1/reusable-contents/rc%201?cr=cr1');
    expect(parseLocation(hash)).toEqual(location);
    expect(formatLocation({ spaceId: 's1', pageId: 'p1', reusableContentId: 'rc1' })).toBe('#/spaces/s1/reusable-contents/rc1');
    expect(parseLocation('#/spaces/s1/reusable-contents')).toBeUndefined();
  });

  it('opens the reusable content of the address the window opened with', async () => {
    const { stores } = setup();
    const address = fakeAddress('#/spaces/s-guide/reusable-contents/rc-safety?cr=cr-7');
    syncLocation(stores, address);
    await stores.organizations.getState().load();
    await settle();
    expect(stores.navigation.getState()).toMatchObject({ reusableContentId: 'rc-safety', pageId: undefined, changeRequestId: 'cr-7' });
  });

  it('pushes an entry when a reusable content opens from a page, and returns to the page with Back', async () => {
    const { stores } = setup();
    const address = fakeAddress('#/spaces/s-guide/pages/p-intro');
    syncLocation(stores, address);
    await stores.organizations.getState().load();
    await settle();
    stores.navigation.getState().openReusableContent('rc-safety');
    expect(address.entries).toEqual(['#/spaces/s-guide/pages/p-intro', '#/spaces/s-guide/reusable-contents/rc-safety']);

    address.back();
    await settle();
    expect(stores.navigation.getState()).toMatchObject({ pageId: 'p-intro', reusableContentId: undefined });
    expect(address.entries).toHaveLength(2);
  });

  it('treats in-page anchors and unknown paths as no location, and an empty hash as nothing open', () => {
    expect(parseLocation('#members')).toBeUndefined();
    expect(parseLocation('#/orgs/x/elsewhere')).toBeUndefined();
    expect(parseLocation('#/orgs/x')).toEqual({ organizationId: 'x' });
    expect(parseLocation('')).toEqual({});
    expect(formatLocation({ pageId: 'p' })).toBe('');
  });

  it('opens what a urls.app link names when the page was opened at one', async () => {
    const { stores } = setup();
    const address = Object.assign(fakeAddress(), { path: '/s/s-guide/getting-started' });
    const asked: string[] = [];
    syncLocation(stores, address, async (path) => {
      asked.push(path);
      return { spaceId: 's-guide', pageId: 'p-intro' };
    });
    await stores.organizations.getState().load();
    await vi.waitFor(() => expect(stores.navigation.getState().pageId).toBe('p-intro'));
    expect(asked).toEqual(['/s/s-guide/getting-started']);
    expect(address.hash).toBe('#/spaces/s-guide/pages/p-intro');
  });

  it('pushes an entry when a space and then a page open, and returns to the space with Back', async () => {
    const { stores } = setup();
    const address = fakeAddress();
    syncLocation(stores, address);
    await stores.organizations.getState().load();
    await stores.spaces.getState().open('s-guide');
    stores.navigation.getState().openPage('p-intro');
    expect(address.entries).toEqual(['', '#/spaces/s-guide', '#/spaces/s-guide/pages/p-intro']);

    address.back();
    await settle();
    expect(stores.spaces.getState().openSpaceId).toBe('s-guide');
    expect(stores.navigation.getState().pageId).toBeUndefined();
    // Applying an address adds no entry of its own.
    expect(address.entries).toHaveLength(3);
  });

  it('opens the space, page and change request of the address the window opened with', async () => {
    const { stores } = setup();
    const address = fakeAddress('#/spaces/s-guide/pages/p-intro?cr=cr-7');
    syncLocation(stores, address);
    await stores.organizations.getState().load();
    await settle();
    expect(stores.spaces.getState().openSpaceId).toBe('s-guide');
    expect(stores.navigation.getState()).toMatchObject({ pageId: 'p-intro', changeRequestId: 'cr-7' });
    expect(address.entries).toEqual(['#/spaces/s-guide/pages/p-intro?cr=cr-7']);
  });

  it("switches to the space's organization when the address names a space of another one", async () => {
    const { stores } = setup();
    const address = fakeAddress('#/spaces/s-api');
    syncLocation(stores, address);
    await stores.organizations.getState().load();
    await expect.poll(() => stores.organizations.getState().selectedId).toBe('org-globex');
    await expect.poll(() => stores.spaces.getState().openSpaceId).toBe('s-api');
  });

  it('leaves an in-page anchor alone while nothing is open', async () => {
    const { stores } = setup();
    const address = fakeAddress('#members');
    syncLocation(stores, address);
    await stores.organizations.getState().load();
    await settle();
    expect(address.entries).toEqual(['#members']);
    expect(stores.spaces.getState().openSpaceId).toBeUndefined();
    await stores.spaces.getState().open('s-guide');
    expect(address.entries).toEqual(['#members', '#/spaces/s-guide']);
  });
});
