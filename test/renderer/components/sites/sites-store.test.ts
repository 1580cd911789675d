import { describe, expect, it, vi } from 'vitest';
import { type AppClient, createDesktopStores } from '../../../../src-renderer/src/stores/app-stores';
import { type AddressBar, formatLocation, parseLocation, syncLocation } from '../../../../src-renderer/src/stores/location-sync';
import { createNavigationStore } from '../../../../src-renderer/src/stores/navigation-store';
import { dailyViews, type PageViewColumns, type ShareLink, type Site, type SiteSection, type SiteStructure } from '../../../../src-renderer/src/components/sites/sites-model';
import { createSitesStore, type SitesClient } from '../../../../src-renderer/src/components/sites/sites-store';
import { memoryStorage } from '../../../../src-renderer/src/stores/storage';
import { deferred, fakeClient, organization, page, serverError, space, unauthorizedError } from '../../fake-client';

const ORG = 'org-acme';
const NOW = new Date('2026-03-12T15:00:00.000Z');

/** A site as the server presents it, with the fields the screen reads (the rest passes through untouched). */
function site(id: string, title: string, extra: Partial<Site> = {}): Site {
  return {
    object: 'site',
    id,
    title,
    type: 'basic',
    visibility: 'public',
    published: false,
    siteSpaces: 1,
    createdAt: '2026-03-01T10:00:00.000Z',
    urls: { location: `http://folio.test/v1/orgs/${ORG}/sites/${id}`, app: `http://folio.test/o/${ORG}/sites/${id}` },
    ...extra,
  } as Site;
}

function section(id: string, title: string, extra: Partial<SiteSection> = {}): SiteSection {
  return { object: 'site-section', id, title, path: title.toLowerCase(), default: false, siteSpaces: [], urls: {}, ...extra } as SiteSection;
}

function shareLink(id: string, name: string, active = true): ShareLink {
  return { object: 'share-link', id, name, active, createdAt: '2026-03-01T10:00:00.000Z', urls: {} } as ShareLink;
}

const sectionsOf = (...items: unknown[]): SiteStructure => ({ type: 'sections', structure: items }) as SiteStructure;

/** A SitesClient over plain data: sites of ORG, one structure per site, share links per site. */
function setup(data: { sites?: Site[]; structure?: SiteStructure; links?: ShareLink[]; views?: PageViewColumns } = {}) {
  const sites = data.sites ?? [site('site-docs', 'Docs'), site('site-api', 'API docs')];
  let structure = data.structure ?? sectionsOf(section('sec-guide', 'Guide'), section('sec-api', 'API'), section('sec-faq', 'FAQ'));
  const links = data.links ?? [];
  let made = 0;
  const find = (siteId: string) => {
    const found = sites.find((s) => s.id === siteId);
    if (!found) throw serverError(`Site "${siteId}" not found`);
    return found;
  };
  const replace = (changed: Site) => sites.splice(sites.findIndex((s) => s.id === changed.id), 1, changed);
  const client = {
    sites: {
      list: { query: vi.fn(async (_input: { organizationId: string; limit?: number; page?: string }) => page([...sites])) },
      get: { query: vi.fn(async (input: { organizationId: string; siteId: string }) => find(input.siteId)) },
      create: {
        mutate: vi.fn(async (input: { organizationId: string; title?: string; spaces?: string[] | 'empty' | 'sample' }) => {
          made += 1;
          const created = site(`site-new-${made}`, input.title ?? 'Untitled site', { siteSpaces: Array.isArray(input.spaces) ? input.spaces.length : 1 });
          sites.push(created);
          return created;
        }),
      },
      update: {
        mutate: vi.fn(async (input: { organizationId: string; siteId: string; title?: string; visibility?: string }) => {
          const { organizationId: _o, siteId, ...changes } = input;
          const changed = { ...find(siteId), ...changes } as Site;
          replace(changed);
          return changed;
        }),
      },
      delete: {
        mutate: vi.fn(async (input: { organizationId: string; siteId: string }) => {
          find(input.siteId);
          sites.splice(sites.findIndex((s) => s.id === input.siteId), 1);
          return { deleted: true };
        }),
      },
      publish: {
        mutate: vi.fn(async (input: { organizationId: string; siteId: string }) => {
          const changed = { ...find(input.siteId), published: true, urls: { ...find(input.siteId).urls, published: `http://folio.test/sites/${input.siteId}/` } };
          replace(changed);
          return changed;
        }),
      },
      getPreviewUrl: {
        query: vi.fn(async (input: { organizationId: string; siteId: string }) => ({ url: `http://folio.test/sites/${input.siteId}/?preview=token`, expiresIn: 3600 })),
      },
      unpublish: {
        mutate: vi.fn(async (input: { organizationId: string; siteId: string }) => {
          const changed = { ...find(input.siteId), published: false };
          replace(changed);
          return changed;
        }),
      },
      structure: {
        get: { query: vi.fn(async (_input: { organizationId: string; siteId: string }) => structure) },
        sort: { mutate: vi.fn(async (_input: Parameters<SitesClient['sites']['structure']['sort']['mutate']>[0]): Promise<unknown> => ({})) },
      },
      sections: {
        add: {
          mutate: vi.fn(async (input: { organizationId: string; siteId: string; spaceId: string }) => {
            const added = section(`sec-${input.spaceId}`, `From ${input.spaceId}`);
            structure = sectionsOf(...structure.structure, added);
            return added;
          }),
        },
        update: {
          mutate: vi.fn(async (input: { organizationId: string; siteId: string; siteSectionId: string; title?: string }) => {
            const renamed = section(input.siteSectionId, input.title ?? '');
            structure = sectionsOf(...structure.structure.map((item) => (item.id === renamed.id ? renamed : item)));
            return renamed;
          }),
        },
        delete: {
          mutate: vi.fn(async (input: { organizationId: string; siteId: string; siteSectionId: string }) => {
            structure = sectionsOf(...structure.structure.filter((item) => item.id !== input.siteSectionId));
            return { deleted: true };
          }),
        },
      },
      shareLinks: {
        list: { query: vi.fn(async (_input: { organizationId: string; siteId: string; limit?: number }) => page([...links])) },
        create: {
          mutate: vi.fn(async (input: { organizationId: string; siteId: string; name: string }) => {
            made += 1;
            const created = shareLink(`link-${made}`, input.name);
            links.push(created);
            return created;
          }),
        },
        update: {
          mutate: vi.fn(async (input: { organizationId: string; siteId: string; shareLinkId: string; name?: string; active?: boolean }) => {
            const index = links.findIndex((l) => l.id === input.shareLinkId);
            const changed = { ...links[index]!, ...(input.name !== undefined ? { name: input.name } : {}), ...(input.active !== undefined ? { active: input.active } : {}) };
            links[index] = changed;
            return changed;
          }),
        },
        delete: {
          mutate: vi.fn(async (input: { organizationId: string; siteId: string; shareLinkId: string }) => {
            links.splice(links.findIndex((l) => l.id === input.shareLinkId), 1);
            return { deleted: true };
          }),
        },
      },
      insights: {
        pageViews: { query: vi.fn(async (_input: { organizationId: string; siteId: string }) => data.views ?? { columns: [] }) },
      },
    },
  } satisfies SitesClient;
  const onUnauthorized = vi.fn();
  const store = createSitesStore({ client, onUnauthorized, navigation: createNavigationStore(), now: () => NOW });
  return { store, client, onUnauthorized, sites, links };
}

const ready = <T>(load: { status: string; value?: T }) => {
  if (load.status !== 'ready') throw new Error(`expected a ready load, got ${load.status}`);
  return load.value as T;
};

describe('the sites store', () => {
  it('shows the organization’s sites, and a site with its structure and page views', async () => {
    const { store, client } = setup();
    await store.getState().show(ORG);
    expect(store.getState().sites).toMatchObject({ status: 'ready', count: 2 });
    expect(client.sites.structure.get.query).not.toHaveBeenCalled();

    await store.getState().show(ORG, 'site-docs');
    expect(ready(store.getState().site)).toMatchObject({ id: 'site-docs', title: 'Docs' });
    expect(ready<SiteStructure>(store.getState().structure).structure.map((s) => s.id)).toEqual(['sec-guide', 'sec-api', 'sec-faq']);
    expect(ready<unknown[]>(store.getState().pageViews)).toHaveLength(30);
    expect(ready<string>(store.getState().preview)).toMatch(/\?preview=token$/);
    // Moving within the screen does not read the list again; opening it again does.
    expect(client.sites.list.query).toHaveBeenCalledTimes(1);
    store.getState().close();
    await store.getState().show(ORG);
    expect(client.sites.list.query).toHaveBeenCalledTimes(2);
  });

  it('drops the answer for a site that is no longer open', async () => {
    const { store, client } = setup();
    const slow = deferred<Site>();
    client.sites.get.query.mockImplementationOnce(() => slow.promise);
    const first = store.getState().show(ORG, 'site-docs');
    await store.getState().show(ORG, 'site-api');
    slow.resolve(site('site-docs', 'Docs'));
    await first;
    expect(store.getState().screen).toEqual({ organizationId: ORG, siteId: 'site-api' });
    expect(ready(store.getState().site)).toMatchObject({ id: 'site-api' });
  });

  it('creates a site from chosen spaces, or with a new empty space, and opens it', async () => {
    const { store, client } = setup();
    await store.getState().show(ORG);
    const created = await store.getState().createSite({ title: '  Handbook ', spaceIds: ['s-guide', 's-api'] });
    expect(client.sites.create.mutate).toHaveBeenCalledWith({ organizationId: ORG, title: 'Handbook', spaces: ['s-guide', 's-api'] });
    expect(store.getState().screen).toEqual({ organizationId: ORG, siteId: created!.id });
    expect(store.getState()).toMatchObject({ notice: 'Created the site “Handbook”.', sites: { count: 3 } });

    await store.getState().createSite({ title: 'Fresh', spaceIds: [] });
    expect(client.sites.create.mutate).toHaveBeenLastCalledWith({ organizationId: ORG, title: 'Fresh', spaces: 'empty' });
  });

  it('refuses a title the server would refuse without calling it, and shows the server’s own refusals', async () => {
    const { store, client } = setup();
    await store.getState().show(ORG);
    expect(await store.getState().createSite({ title: ' x ', spaceIds: [] })).toBeUndefined();
    expect(store.getState().errors.create).toMatch(/^title: /);
    expect(client.sites.create.mutate).not.toHaveBeenCalled();

    client.sites.create.mutate.mockRejectedValueOnce(serverError('You need the "admin" role in this organization to create sites (yours: edit)', 'FORBIDDEN', 403));
    expect(await store.getState().createSite({ title: 'Docs', spaceIds: [] })).toBeUndefined();
    expect(store.getState()).toMatchObject({ pending: { create: false }, errors: { create: expect.stringContaining('"admin" role') } });
  });

  it('saves only what changed in the settings, and updates the list and the open site', async () => {
    const { store, client } = setup();
    await store.getState().show(ORG, 'site-docs');
    expect(await store.getState().updateSettings({ visibility: 'share-link' })).toBe(true);
    expect(client.sites.update.mutate).toHaveBeenCalledWith({ organizationId: ORG, siteId: 'site-docs', visibility: 'share-link' });
    expect(ready<Site>(store.getState().site).visibility).toBe('share-link');
    const list = store.getState().sites;
    expect(list.status === 'ready' && list.items.find((s) => s.id === 'site-docs')?.visibility).toBe('share-link');
    expect(store.getState().notice).toBe('Saved the site’s settings.');
  });

  it('publishes and unpublishes the open site', async () => {
    const { store, client } = setup();
    await store.getState().show(ORG, 'site-docs');
    await store.getState().setPublished(true);
    expect(ready<Site>(store.getState().site)).toMatchObject({ published: true, urls: { published: 'http://folio.test/sites/site-docs/' } });
    expect(store.getState().notice).toBe('Published “Docs”.');
    await store.getState().setPublished(false);
    expect(client.sites.unpublish.mutate).toHaveBeenCalledWith({ organizationId: ORG, siteId: 'site-docs' });
    expect(ready<Site>(store.getState().site).published).toBe(false);
  });

  it('deletes the open site and returns to the list without it', async () => {
    const { store } = setup();
    await store.getState().show(ORG);
    await store.getState().show(ORG, 'site-docs');
    expect(await store.getState().deleteSite()).toBe(true);
    expect(store.getState().screen).toEqual({ organizationId: ORG });
    expect(store.getState().sites).toMatchObject({ count: 1, items: [{ id: 'site-api' }] });
    expect(store.getState().notice).toBe('Deleted the site “Docs”.');
  });

  it('moves a section up before its previous sibling and down after its next one, through the sort operation', async () => {
    const { store, client } = setup();
    await store.getState().show(ORG, 'site-docs');
    const ref = { organizationId: ORG, siteId: 'site-docs' };
    await store.getState().move({ type: 'site-section', id: 'sec-api' }, 'up');
    expect(client.sites.structure.sort.mutate).toHaveBeenLastCalledWith({
      ...ref,
      item: { type: 'site-section', id: 'sec-api' },
      position: { before: { type: 'site-section', id: 'sec-guide' } },
    });
    expect(store.getState().notice).toBe('Moved “API” up.');
    await store.getState().move({ type: 'site-section', id: 'sec-api' }, 'down');
    expect(client.sites.structure.sort.mutate).toHaveBeenLastCalledWith({
      ...ref,
      item: { type: 'site-section', id: 'sec-api' },
      position: { after: { type: 'site-section', id: 'sec-faq' } },
    });
    // The structure is read again after each move.
    expect(client.sites.structure.get.query).toHaveBeenCalledTimes(3);

    // Nothing to do at either end.
    expect(await store.getState().move({ type: 'site-section', id: 'sec-guide' }, 'up')).toBe(false);
    expect(await store.getState().move({ type: 'site-section', id: 'sec-faq' }, 'down')).toBe(false);
    expect(client.sites.structure.sort.mutate).toHaveBeenCalledTimes(2);
  });

  it('moves a section among its group’s sections, and a group among the top-level items', async () => {
    const group = { object: 'site-section-group', id: 'grp-ref', title: 'Reference', sections: [section('sec-a', 'A'), section('sec-b', 'B')] };
    const { store, client } = setup({ structure: sectionsOf(section('sec-guide', 'Guide'), group) });
    await store.getState().show(ORG, 'site-docs');
    await store.getState().move({ type: 'site-section', id: 'sec-b' }, 'up');
    expect(client.sites.structure.sort.mutate).toHaveBeenLastCalledWith(
      expect.objectContaining({ item: { type: 'site-section', id: 'sec-b' }, position: { before: { type: 'site-section', id: 'sec-a' } } }),
    );
    await store.getState().move({ type: 'site-section-group', id: 'grp-ref' }, 'up');
    expect(client.sites.structure.sort.mutate).toHaveBeenLastCalledWith(
      expect.objectContaining({ item: { type: 'site-section-group', id: 'grp-ref' }, position: { before: { type: 'site-section', id: 'sec-guide' } } }),
    );
  });

  it('adds, renames and deletes sections, reading the structure and the site again', async () => {
    const { store, client } = setup();
    await store.getState().show(ORG, 'site-docs');
    expect(await store.getState().addSection('s-api')).toBe(true);
    expect(client.sites.sections.add.mutate).toHaveBeenCalledWith({ organizationId: ORG, siteId: 'site-docs', spaceId: 's-api' });
    expect(ready<SiteStructure>(store.getState().structure).structure.map((s) => s.id)).toContain('sec-s-api');
    expect(client.sites.get.query).toHaveBeenCalledTimes(2);

    expect(await store.getState().renameSection('sec-guide', ' x ')).toBe(false);
    expect(store.getState().errors.sections).toMatch(/^title: /);
    expect(await store.getState().renameSection('sec-guide', ' Getting started ')).toBe(true);
    expect(client.sites.sections.update.mutate).toHaveBeenCalledWith({ organizationId: ORG, siteId: 'site-docs', siteSectionId: 'sec-guide', title: 'Getting started' });
    expect(store.getState().notice).toBe('Renamed the section to “Getting started”.');

    expect(await store.getState().deleteSection('sec-faq')).toBe(true);
    expect(store.getState().notice).toBe('Deleted the section “FAQ”.');
    expect(ready<SiteStructure>(store.getState().structure).structure.map((s) => s.id)).not.toContain('sec-faq');
  });

  it('creates, renames, deactivates and deletes share links, keeping the list in step', async () => {
    const { store, client } = setup({ links: [shareLink('link-old', 'Old')] });
    await store.getState().show(ORG, 'site-docs');
    await store.getState().loadShareLinks();
    const created = await store.getState().createShareLink(' Partners ');
    expect(client.sites.shareLinks.create.mutate).toHaveBeenCalledWith({ organizationId: ORG, siteId: 'site-docs', name: 'Partners' });
    expect(ready<{ items: ShareLink[]; count: number }>(store.getState().shareLinks)).toMatchObject({ count: 2, items: [{ id: 'link-old' }, { id: created!.id }] });

    await store.getState().renameShareLink(created!.id, 'Partners EU');
    await store.getState().setShareLinkActive(created!.id, false);
    expect(client.sites.shareLinks.update.mutate).toHaveBeenLastCalledWith({ organizationId: ORG, siteId: 'site-docs', shareLinkId: created!.id, active: false });
    expect(store.getState().notice).toBe('Deactivated the share link “Partners EU”.');
    expect(ready<{ items: ShareLink[] }>(store.getState().shareLinks).items[1]).toMatchObject({ name: 'Partners EU', active: false });

    await store.getState().deleteShareLink('link-old');
    expect(ready<{ items: ShareLink[]; count: number }>(store.getState().shareLinks)).toMatchObject({ count: 1, items: [{ id: created!.id }] });

    expect(await store.getState().createShareLink('n'.repeat(51))).toBeUndefined();
    expect(store.getState().errors.shareLinks).toMatch(/^name: /);
    expect(client.sites.shareLinks.create.mutate).toHaveBeenCalledTimes(1);
  });

  it('reads the share links again when publishing gives them addresses', async () => {
    const { store, client } = setup({ links: [shareLink('link-old', 'Old')] });
    await store.getState().show(ORG, 'site-docs');
    await store.getState().loadShareLinks();
    await store.getState().setPublished(true);
    expect(client.sites.shareLinks.list.query).toHaveBeenCalledTimes(2);
  });

  it('says why something could not be loaded, and hands a 401 to the session', async () => {
    const { store, client, onUnauthorized } = setup();
    client.sites.structure.get.query.mockRejectedValueOnce(unauthorizedError());
    await store.getState().show(ORG, 'site-docs');
    expect(store.getState().structure).toEqual({ status: 'error', message: 'Missing or invalid API token' });
    expect(onUnauthorized).toHaveBeenCalledWith('Missing or invalid API token');
  });
});

describe('page views per day', () => {
  it('has one bar for each of the 30 days ending today, zero where there were no views', () => {
    const days = dailyViews(
      {
        columns: [
          { column: 'datetime', values: ['2026-02-10T00:00:00.000Z', '2026-02-11T00:00:00.000Z', '2026-03-12T00:00:00.000Z'] },
          { column: 'eventsCount', values: [9, 4, 3] },
        ],
      },
      NOW,
    );
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ day: '2026-02-11', views: 4 });
    expect(days.at(-1)).toEqual({ day: '2026-03-12', views: 3 });
    // The partial 31st day the server's range reaches is left out.
    expect(days.some((d) => d.day === '2026-02-10')).toBe(false);
    expect(days.filter((d) => d.views > 0)).toHaveLength(2);
  });

  it('is 30 days of zero for a site nobody visited', () => {
    expect(dailyViews({ columns: [] }, NOW).every((d) => d.views === 0)).toBe(true);
  });
});

describe('the address of the Sites screen', () => {
  it('formats and parses the list and a site of an organization', () => {
    expect(formatLocation({ sitesOf: 'org 1' })).toBe('#/orgs/org%201/sites');
    expect(formatLocation({ sitesOf: 'org-1', siteId: 'site/2' })).toBe('#/orgs/org-1/sites/site%2F2');
    expect(parseLocation('#/orgs/org%201/sites')).toEqual({ sitesOf: 'org 1' });
    expect(parseLocation('#/orgs/org-1/sites/site%2F2')).toEqual({ sitesOf: 'org-1', siteId: 'site/2' });
    expect(parseLocation('#/orgs/org-1')).toEqual({ organizationId: 'org-1' });
    expect(parseLocation('#/orgs/org-1/elsewhere')).toBeUndefined();
  });

  /** The app's stores over a fake that knows organizations, spaces and sites; other procedures are refused. */
  function appSetup() {
    const base = { ...fakeClient({ organizations: [organization(ORG, 'Acme')], spaces: { [ORG]: [space('s-guide', 'Guide')] } }), ...setup().client };
    const refuse = (): unknown =>
      new Proxy(() => Promise.reject(serverError('not served by this fake')), { get: (_target, key) => (key === 'then' ? undefined : refuse()) });
    const client = new Proxy(base, { get: (target, key) => (key in target ? target[key as keyof typeof target] : refuse()) });
    const stores = createDesktopStores(memoryStorage(), client as unknown as AppClient);
    const entries: string[] = [];
    const listeners = new Set<() => void>();
    const address: AddressBar & { go(hash: string): void } = {
      get hash() {
        return entries.at(-1) ?? '';
      },
      push: (hash) => void entries.push(hash),
      listen(onChange) {
        listeners.add(onChange);
        return () => listeners.delete(onChange);
      },
      go(hash) {
        entries.push(hash);
        listeners.forEach((listener) => listener());
      },
    };
    return { stores, address, entries };
  }

  it('opens a site from its address, and the Sites screen and an open space take turns', async () => {
    const { stores, address, entries } = appSetup();
    syncLocation(stores, address);
    await stores.organizations.getState().load();
    address.go(`#/orgs/${ORG}/sites/site-docs`);
    await expect.poll(() => stores.sites.getState().site.status).toBe('ready');
    expect(stores.sites.getState().screen).toEqual({ organizationId: ORG, siteId: 'site-docs' });

    await stores.spaces.getState().open('s-guide');
    expect(stores.sites.getState().screen).toBeUndefined();
    expect(entries.at(-1)).toBe('#/spaces/s-guide');

    await stores.sites.getState().show(ORG);
    expect(stores.spaces.getState().openSpaceId).toBeUndefined();
    expect(entries.at(-1)).toBe(`#/orgs/${ORG}/sites`);
  });

  it('ignores the sites of an organization the viewer is not in', async () => {
    const { stores, address } = appSetup();
    syncLocation(stores, address);
    await stores.organizations.getState().load();
    address.go('#/orgs/org-elsewhere/sites');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(stores.sites.getState().screen).toBeUndefined();
  });
});
