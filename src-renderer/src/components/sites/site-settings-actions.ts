import { checkSiteTitle, type Inputs } from './sites-model';
import type { SitesState } from './sites-state';
import type { SitesContext } from './sites-store-context';

// The writes of a site as a whole: created, its settings saved, published or not, deleted.

type SiteSettingsActions = Pick<SitesState, 'createSite' | 'updateSettings' | 'setPublished' | 'deleteSite'>;

export function siteSettingsActions({ client, get, set, showing, openRef, replaceSite, write, refuse, loadShareLinks }: SitesContext): SiteSettingsActions {
  return {
    async createSite(input) {
      const organizationId = get().screen?.organizationId;
      if (!organizationId) return undefined;
      const checked = checkSiteTitle(input.title);
      if ('error' in checked) return refuse('create', checked.error);
      const spaces = input.spaceIds.length > 0 ? input.spaceIds : ('empty' as const);
      const site = await write(
        'create',
        () => client.sites.create.mutate({ organizationId, title: checked.title, spaces }),
        (made) => `Created the site “${made.title}”.`,
      );
      if (!site || !showing(organizationId)) return site;
      const list = get().sites;
      if (list.status === 'ready') set({ sites: { ...list, items: [...list.items, site], count: list.count + 1 } });
      await get().show(organizationId, site.id);
      return site;
    },

    async updateSettings(changes) {
      const ref = openRef();
      if (!ref) return false;
      const input: Inputs['sites']['update'] = { ...ref };
      if (changes.title !== undefined) {
        const checked = checkSiteTitle(changes.title);
        if ('error' in checked) return refuse('settings', checked.error) ?? false;
        input.title = checked.title;
      }
      if (changes.visibility !== undefined) input.visibility = changes.visibility;
      const site = await write('settings', () => client.sites.update.mutate(input), () => 'Saved the site’s settings.');
      if (site) replaceSite(site);
      return site !== undefined;
    },

    async setPublished(published) {
      const ref = openRef();
      if (!ref) return false;
      const site = await write(
        'publish',
        () => (published ? client.sites.publish.mutate(ref) : client.sites.unpublish.mutate(ref)),
        (changed) => (published ? `Published “${changed.title}”.` : `Unpublished “${changed.title}”.`),
      );
      if (site) replaceSite(site);
      // A share link has an address only while the site is published.
      if (site && get().shareLinks.status === 'ready') await loadShareLinks(true);
      return site !== undefined;
    },

    async deleteSite() {
      const ref = openRef();
      const site = get().site;
      if (!ref || site.status !== 'ready') return false;
      const done = await write('delete', () => client.sites.delete.mutate(ref), () => `Deleted the site “${site.value.title}”.`);
      if (!done) return false;
      const list = get().sites;
      if (list.status === 'ready') {
        set({ sites: { ...list, items: list.items.filter((s) => s.id !== ref.siteId), count: Math.max(0, list.count - 1) } });
      }
      if (showing(ref.organizationId, ref.siteId)) set({ screen: { organizationId: ref.organizationId }, site: { status: 'idle' } });
      return true;
    },
  };
}
