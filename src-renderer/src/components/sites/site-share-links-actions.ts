import { SHARE_LINK_NAME_MAX, type ShareLink } from './sites-model';
import type { SitesState } from './sites-state';
import type { SitesContext } from './sites-store-context';

// The open site's share links (loaded on request: only admins may see them): created, renamed,
// deactivated or reactivated, deleted; each answer changes the list in place rather than reading it again.

type SiteShareLinksActions = Pick<SitesState, 'loadShareLinks' | 'createShareLink' | 'renameShareLink' | 'setShareLinkActive' | 'deleteShareLink'>;

export function siteShareLinksActions({ client, get, set, showing, openRef, write, refuse, loadShareLinks }: SitesContext): SiteShareLinksActions {
  const withShareLinks = (change: (links: ShareLink[]) => ShareLink[], countChange = 0) => {
    const links = get().shareLinks;
    if (links.status === 'ready') {
      set({ shareLinks: { status: 'ready', value: { items: change(links.value.items), count: links.value.count + countChange } } });
    }
  };

  return {
    loadShareLinks: () => loadShareLinks(),

    async createShareLink(raw) {
      const ref = openRef();
      if (!ref) return undefined;
      const name = raw.trim();
      if (name.length > SHARE_LINK_NAME_MAX) return refuse('shareLinks', `name: a share link’s name has at most ${SHARE_LINK_NAME_MAX} characters`);
      const link = await write(
        'shareLinks',
        () => client.sites.shareLinks.create.mutate({ ...ref, name }),
        () => (name ? `Created the share link “${name}”.` : 'Created a share link.'),
      );
      if (link && showing(ref.organizationId, ref.siteId)) withShareLinks((links) => [...links, link], 1);
      return link;
    },

    async renameShareLink(shareLinkId, raw) {
      const ref = openRef();
      if (!ref) return false;
      const name = raw.trim();
      if (name.length > SHARE_LINK_NAME_MAX) {
        return refuse('shareLinks', `name: a share link’s name has at most ${SHARE_LINK_NAME_MAX} characters`) ?? false;
      }
      const link = await write(
        'shareLinks',
        () => client.sites.shareLinks.update.mutate({ ...ref, shareLinkId, name }),
        () => (name ? `Renamed the share link to “${name}”.` : 'Removed the share link’s name.'),
      );
      if (link) withShareLinks((links) => links.map((l) => (l.id === link.id ? link : l)));
      return link !== undefined;
    },

    async setShareLinkActive(shareLinkId, active) {
      const ref = openRef();
      if (!ref) return false;
      const link = await write(
        'shareLinks',
        () => client.sites.shareLinks.update.mutate({ ...ref, shareLinkId, active }),
        (changed) => `${active ? 'Reactivated' : 'Deactivated'} the share link${changed.name ? ` “${changed.name}”` : ''}.`,
      );
      if (link) withShareLinks((links) => links.map((l) => (l.id === link.id ? link : l)));
      return link !== undefined;
    },

    async deleteShareLink(shareLinkId) {
      const ref = openRef();
      if (!ref) return false;
      const done = await write('shareLinks', () => client.sites.shareLinks.delete.mutate({ ...ref, shareLinkId }), () => 'Deleted the share link.');
      if (done) withShareLinks((links) => links.filter((l) => l.id !== shareLinkId), -1);
      return done !== undefined;
    },
  };
}
