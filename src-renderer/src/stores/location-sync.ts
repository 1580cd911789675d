import type { AppStores } from './app-stores';
import { openSpaceOf } from './spaces-store';
import { type AppLocation, formatLocation, parseAppPath, parseLocation } from '../../../src-shared/app-location';

export { type AppLocation, formatLocation, parseLocation };

/** The window's address, as far as the app uses it: the part after `#`. */
export interface AddressBar {
  readonly hash: string;
  /** The path the page was opened at: a `urls.app` link such as `/s/{space}/{page path}` (browsers only). */
  readonly path?: string;
  /** A new history entry, so Back returns to where the writer was. */
  push(hash: string): void;
  /** Calls back when the writer goes back or forward, or edits the address; returns an unsubscribe. */
  listen(onChange: () => void): () => void;
}

function currentLocation(stores: AppStores): AppLocation {
  const navigation = stores.navigation.getState();
  const spaceId = stores.spaces.getState().openSpaceId;
  const sites = stores.sites.getState().screen;
  if (!spaceId && sites) return { sitesOf: sites.organizationId, siteId: sites.siteId };
  const specs = stores.openapi.getState().screen;
  if (!spaceId && specs) return { openapiOf: specs.organizationId, specSlug: specs.slug };
  const integrations = stores.integrations.getState().screen;
  if (!spaceId && integrations) return { integrationsOf: integrations.organizationId };
  if (!spaceId) return {};
  return {
    spaceId,
    pageId: navigation.pageId,
    reusableContentId: navigation.reusableContentId,
    changeRequestId: navigation.changeRequestId,
    revisionId: navigation.revisionId,
  };
}

/**
 * Keeps the address and the open space, page and content in step both ways, so a reload, Back and Forward,
 * and a pasted link all land where they say. Returns a function that stops it.
 */
export function syncLocation(stores: AppStores, address: AddressBar, resolveAppPath?: (path: string) => Promise<AppLocation | undefined>): () => void {
  // While applying an address (and before the first one is applied), the stores' changes must not push entries.
  let applying = true;

  const write = () => {
    if (applying) return;
    const hash = formatLocation(currentLocation(stores));
    const shown = parseLocation(address.hash);
    // An in-page anchor (#members) stays in the bar until the location itself changes.
    if (shown === undefined && hash === '') return;
    if (hash !== address.hash) address.push(hash);
  };

  const apply = async () => {
    const wanted = parseLocation(address.hash);
    applying = true;
    try {
      if (!wanted) return;
      if (wanted.sitesOf) {
        if (await selectOrganization(stores, wanted.sitesOf)) await stores.sites.getState().show(wanted.sitesOf, wanted.siteId);
        return;
      }
      if (wanted.openapiOf) {
        if (await selectOrganization(stores, wanted.openapiOf)) await stores.openapi.getState().show(wanted.openapiOf, wanted.specSlug);
        return;
      }
      if (wanted.integrationsOf) {
        if (await selectOrganization(stores, wanted.integrationsOf)) await stores.integrations.getState().show(wanted.integrationsOf);
        return;
      }
      stores.sites.getState().close();
      stores.openapi.getState().close();
      stores.integrations.getState().close();
      if (wanted.organizationId) {
        await openSpace(stores, undefined);
        await selectOrganization(stores, wanted.organizationId);
        return;
      }
      await openSpace(stores, wanted.spaceId);
      const navigation = stores.navigation.getState();
      if (wanted.spaceId && stores.spaces.getState().openSpaceId === wanted.spaceId) {
        if (navigation.changeRequestId !== wanted.changeRequestId) navigation.openChangeRequest(wanted.changeRequestId);
        if (navigation.revisionId !== wanted.revisionId) navigation.openRevision(wanted.revisionId);
        // A page and a reusable content are never open together: opening one closes the other.
        if (wanted.reusableContentId) {
          if (navigation.reusableContentId !== wanted.reusableContentId) navigation.openReusableContent(wanted.reusableContentId);
        } else if (navigation.pageId !== wanted.pageId || navigation.reusableContentId) navigation.openPage(wanted.pageId);
      }
    } finally {
      applying = false;
    }
  };

  const unsubscribers = [
    stores.spaces.subscribe((state, previous) => {
      if (state.openSpaceId !== previous.openSpaceId) write();
    }),
    stores.navigation.subscribe((state, previous) => {
      const moved = state.pageId !== previous.pageId || state.reusableContentId !== previous.reusableContentId;
      if (moved || state.changeRequestId !== previous.changeRequestId || state.revisionId !== previous.revisionId) write();
    }),
    stores.sites.subscribe((state, previous) => {
      if (state.screen?.organizationId !== previous.screen?.organizationId || state.screen?.siteId !== previous.screen?.siteId) write();
    }),
    stores.openapi.subscribe((state, previous) => {
      if (state.screen?.organizationId !== previous.screen?.organizationId || state.screen?.slug !== previous.screen?.slug) write();
    }),
    stores.integrations.subscribe((state, previous) => {
      if (state.screen?.organizationId !== previous.screen?.organizationId) write();
    }),
    address.listen(() => void apply()),
  ];

  // The address the window opened with is applied once an organization is shown: showing one closes any open
  // space, so opening the address's space earlier would be undone.
  // Opened at a `urls.app` link without an app address: what the link names becomes the address first.
  const start = () =>
    void (async () => {
      const path = address.path;
      if (!address.hash && path && resolveAppPath && parseAppPath(path)) {
        const named = await resolveAppPath(path).catch(() => undefined);
        if (named) address.push(formatLocation(named));
      }
      await apply();
    })();
  if (stores.spaces.getState().organizationId) start();
  else {
    const stop = stores.spaces.subscribe((state) => {
      if (!state.organizationId) return;
      stop();
      start();
    });
    unsubscribers.push(stop);
  }

  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}

/** Opens the space (or closes it), switching to its organization first when it belongs to another one. */
async function openSpace(stores: AppStores, spaceId: string | undefined): Promise<void> {
  const spaces = stores.spaces.getState();
  if (!spaceId) {
    if (spaces.openSpaceId) spaces.close();
    return;
  }
  if (spaces.openSpaceId === spaceId) return;
  await spaces.open(spaceId);
  const space = openSpaceOf(stores.spaces.getState());
  const organizations = stores.organizations.getState();
  if (!space || space.organization === organizations.selectedId) return;
  // Showing another organization closes the open space: open it again once that organization is shown.
  await organizations.select(space.organization);
  if (stores.spaces.getState().openSpaceId !== spaceId) await stores.spaces.getState().open(spaceId);
}

/** Switches to the organization an address names; false (and nothing shown) for one the viewer is not in. */
async function selectOrganization(stores: AppStores, organizationId: string): Promise<boolean> {
  const organizations = stores.organizations.getState();
  const known = organizations.organizations.status === 'ready' && organizations.organizations.items.some((org) => org.id === organizationId);
  if (!known) return false;
  if (organizations.selectedId !== organizationId) await organizations.select(organizationId);
  return true;
}
