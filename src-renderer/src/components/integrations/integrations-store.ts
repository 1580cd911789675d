import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError } from '../../api/errors';
import type { Page } from '../../api/types';
import type { FeatureDependencies } from '../../stores/feature-dependencies';
import {
  type Inputs,
  type Installation,
  INSTALLATIONS_LIMIT,
  type Integration,
  INTEGRATIONS_PAGE_SIZE,
  type OrgInstallation,
  type SpaceInstallation,
} from './integrations-model';
import { firstPage, IDLE, type ListState, listFailed, LOADING, withNextPage } from '../../stores/list-state';
import type { Load } from '../sites/sites-model';

/** The slice of the tRPC client the Integrations screen uses. */
export interface IntegrationsClient {
  integrations: {
    listForOrganization: { query(input: Inputs['integrations']['listForOrganization']): Promise<Page<Integration>> };
    installations: {
      list: { query(input: Inputs['integrations']['installations']['list']): Promise<Page<Installation>> };
      install: { mutate(input: Inputs['integrations']['installations']['install']): Promise<Installation> };
      uninstall: { mutate(input: Inputs['integrations']['installations']['uninstall']): Promise<{ uninstalled: boolean }> };
      listSpaces: { query(input: Inputs['integrations']['installations']['listSpaces']): Promise<Page<SpaceInstallation>> };
      installOnSpace: { mutate(input: Inputs['integrations']['installations']['installOnSpace']): Promise<SpaceInstallation> };
    };
  };
}

interface IntegrationsState {
  /** Open when set (`#/orgs/{id}/integrations`). */
  screen?: { organizationId: string };
  integrations: ListState<Integration>;
  /** This organization's installation of each listed integration, by the integration's name. */
  installations: Record<string, Load<OrgInstallation>>;
  /** Writes in flight and their errors, by the integration's name (one write per integration at a time). */
  pending: Record<string, boolean>;
  errors: Record<string, string | undefined>;
  notice?: string;

  show(organizationId: string): Promise<void>;
  close(): void;
  reload(): Promise<void>;
  loadMore(): Promise<void>;
  install(name: string): Promise<boolean>;
  uninstall(name: string): Promise<boolean>;
  /** Installs on a space of the organization (where it is installed already); the title is for the notice. */
  installOnSpace(name: string, spaceId: string, spaceTitle?: string): Promise<boolean>;
}

export type IntegrationsStore = StoreApi<IntegrationsState>;

export function createIntegrationsStore({ client, onUnauthorized }: FeatureDependencies<IntegrationsClient>): IntegrationsStore {
  const explain = (error: unknown): string => {
    const { message, unauthorized } = describeError(error);
    if (unauthorized) onUnauthorized(message);
    return message;
  };

  return createStore<IntegrationsState>()((set, get) => {
    const showing = (organizationId: string) => get().screen?.organizationId === organizationId;
    const setInstallation = (name: string, load: Load<OrgInstallation>) => set((state) => ({ installations: { ...state.installations, [name]: load } }));
    const titleOf = (name: string) => {
      const list = get().integrations;
      return (list.status === 'ready' ? list.items.find((i) => i.name === name)?.title : undefined) ?? name;
    };

    /** Finds this organization's installation among those the caller sees, and the spaces it is on. */
    async function loadInstallation(organizationId: string, name: string, quiet = false): Promise<void> {
      if (!quiet) setInstallation(name, { status: 'loading' });
      try {
        const page = await client.integrations.installations.list.query({ integrationName: name, limit: INSTALLATIONS_LIMIT });
        const installation = page.items.find((i) => i.target.organization === organizationId);
        const spaces = installation
          ? (await client.integrations.installations.listSpaces.query({ integrationName: name, installationId: installation.id, limit: INSTALLATIONS_LIMIT })).items
          : [];
        if (showing(organizationId)) setInstallation(name, { status: 'ready', value: installation ? { installation, spaces } : null });
      } catch (error) {
        const message = explain(error);
        if (showing(organizationId)) setInstallation(name, { status: 'error', message });
      }
    }

    async function loadList(): Promise<void> {
      const organizationId = get().screen?.organizationId;
      if (!organizationId) return;
      set({ integrations: LOADING, installations: {} });
      try {
        const page = await client.integrations.listForOrganization.query({ organizationId, limit: INTEGRATIONS_PAGE_SIZE });
        if (!showing(organizationId)) return;
        set({ integrations: firstPage(page) });
        await Promise.all(page.items.map((i) => loadInstallation(organizationId, i.name)));
      } catch (error) {
        const message = explain(error);
        if (showing(organizationId)) set({ integrations: listFailed(message) });
      }
    }

    async function write(name: string, run: (organizationId: string) => Promise<unknown>, notice: string): Promise<boolean> {
      const organizationId = get().screen?.organizationId;
      if (!organizationId || get().pending[name]) return false;
      set((state) => ({ pending: { ...state.pending, [name]: true }, errors: { ...state.errors, [name]: undefined }, notice: undefined }));
      try {
        await run(organizationId);
        set((state) => ({ pending: { ...state.pending, [name]: false }, notice }));
        if (showing(organizationId)) await loadInstallation(organizationId, name, true);
        return true;
      } catch (error) {
        const message = explain(error);
        set((state) => ({ pending: { ...state.pending, [name]: false }, errors: { ...state.errors, [name]: message } }));
        return false;
      }
    }

    const installed = (name: string) => {
      const load = get().installations[name];
      return load?.status === 'ready' ? load.value : null;
    };

    return {
      integrations: IDLE,
      installations: {},
      pending: {},
      errors: {},

      async show(organizationId) {
        const previous = get().screen;
        if (previous?.organizationId === organizationId) return;
        set({ screen: { organizationId }, integrations: IDLE, installations: {}, pending: {}, errors: {}, notice: undefined });
        await loadList();
      },

      close() {
        if (get().screen) set({ screen: undefined, notice: undefined });
      },

      reload: loadList,

      async loadMore() {
        const organizationId = get().screen?.organizationId;
        const list = get().integrations;
        if (!organizationId || list.status !== 'ready' || !list.nextPage || list.loadingMore) return;
        set({ integrations: { ...list, loadingMore: true, moreError: undefined } });
        try {
          const page = await client.integrations.listForOrganization.query({ organizationId, limit: INTEGRATIONS_PAGE_SIZE, page: list.nextPage });
          const latest = get().integrations;
          if (!showing(organizationId) || latest.status !== 'ready') return;
          set({ integrations: withNextPage(latest, page) });
          await Promise.all(page.items.map((i) => loadInstallation(organizationId, i.name)));
        } catch (error) {
          const message = explain(error);
          const latest = get().integrations;
          if (latest.status === 'ready') set({ integrations: { ...latest, loadingMore: false, moreError: message } });
        }
      },

      install: (name) =>
        write(name, (organizationId) => client.integrations.installations.install.mutate({ integrationName: name, organizationId }), `Installed “${titleOf(name)}” on the organization.`),

      async uninstall(name) {
        const current = installed(name);
        if (!current) return false;
        return write(
          name,
          () => client.integrations.installations.uninstall.mutate({ integrationName: name, installationId: current.installation.id }),
          `Uninstalled “${titleOf(name)}”.`,
        );
      },

      async installOnSpace(name, spaceId, spaceTitle) {
        const current = installed(name);
        if (!current) return false;
        return write(
          name,
          () => client.integrations.installations.installOnSpace.mutate({ integrationName: name, installationId: current.installation.id, spaceId }),
          `Installed “${titleOf(name)}” on ${spaceTitle ? `the space “${spaceTitle}”` : 'the space'}.`,
        );
      },
    };
  });
}
