import { describe, expect, it, vi } from 'vitest';
import type { Installation, Integration, SpaceInstallation } from '../../../../src-renderer/src/components/integrations/integrations-model';
import { createIntegrationsStore, type IntegrationsClient } from '../../../../src-renderer/src/components/integrations/integrations-store';
import { createNavigationStore } from '../../../../src-renderer/src/stores/navigation-store';
import { page, serverError } from '../../fake-client';

const ORG = 'org-acme';

const integration = (name: string, title: string) =>
  ({ object: 'integration', name, title, description: '', target: 'all', version: 1, owner: { id: 'org-vendor', title: 'Vendor' }, permissions: { admin: false, install: true }, urls: {} }) as unknown as Integration;

const installation = (id: string, organization: string, externalIds: string[] = []) =>
  ({ id, status: 'active', target: { organization }, externalIds, spaces: 0, configuration: {}, urls: {} }) as unknown as Installation;

function setup() {
  const installs: Record<string, Installation[]> = { analytics: [installation('inst-other', 'org-other')], chat: [] };
  const onSpaces: Record<string, SpaceInstallation[]> = {};
  let made = 0;
  const client = {
    integrations: {
      listForOrganization: { query: vi.fn(async (_input: { organizationId: string }) => page([integration('analytics', 'Analytics'), integration('chat', 'Chat')])) },
      installations: {
        list: { query: vi.fn(async (input: { integrationName: string }) => page([...(installs[input.integrationName] ?? [])])) },
        install: {
          mutate: vi.fn(async (input: { integrationName: string; organizationId: string }) => {
            made += 1;
            const created = installation(`inst-${made}`, input.organizationId);
            installs[input.integrationName]!.push(created);
            return created;
          }),
        },
        uninstall: {
          mutate: vi.fn(async (input: { integrationName: string; installationId: string }) => {
            installs[input.integrationName] = installs[input.integrationName]!.filter((i) => i.id !== input.installationId);
            return { uninstalled: true };
          }),
        },
        listSpaces: { query: vi.fn(async (input: { integrationName: string; installationId: string }) => page([...(onSpaces[input.installationId] ?? [])])) },
        installOnSpace: {
          mutate: vi.fn(async (input: { integrationName: string; installationId: string; spaceId: string }) => {
            const created = { integration: input.integrationName, installation: input.installationId, space: { id: input.spaceId, title: 'Handbook' } } as unknown as SpaceInstallation;
            (onSpaces[input.installationId] ??= []).push(created);
            return created;
          }),
        },
      },
    },
  } satisfies IntegrationsClient;
  const store = createIntegrationsStore({ client, onUnauthorized: vi.fn(), navigation: createNavigationStore() });
  return { store, client, installs };
}

describe('the integrations store', () => {
  it('lists the integrations with this organization’s installation of each (another organization’s is not)', async () => {
    const { store } = setup();
    await store.getState().show(ORG);
    expect(store.getState().integrations).toMatchObject({ status: 'ready', count: 2 });
    expect(store.getState().installations).toEqual({ analytics: { status: 'ready', value: null }, chat: { status: 'ready', value: null } });
  });

  it('installs on the organization, then on a space, then uninstalls', async () => {
    const { store, client, installs } = setup();
    await store.getState().show(ORG);
    expect(await store.getState().install('chat')).toBe(true);
    expect(client.integrations.installations.install.mutate).toHaveBeenCalledWith({ integrationName: 'chat', organizationId: ORG });
    expect(store.getState().installations.chat).toMatchObject({ status: 'ready', value: { installation: { id: 'inst-1' }, spaces: [] } });
    expect(store.getState().notice).toBe('Installed “Chat” on the organization.');

    expect(await store.getState().installOnSpace('chat', 'space-1', 'Handbook')).toBe(true);
    expect(client.integrations.installations.installOnSpace.mutate).toHaveBeenCalledWith({ integrationName: 'chat', installationId: 'inst-1', spaceId: 'space-1' });
    expect(store.getState().installations.chat).toMatchObject({ value: { spaces: [{ space: { title: 'Handbook' } }] } });
    expect(store.getState().notice).toBe('Installed “Chat” on the space “Handbook”.');

    expect(await store.getState().uninstall('chat')).toBe(true);
    expect(installs.chat).toEqual([]);
    expect(store.getState().installations.chat).toEqual({ status: 'ready', value: null });
  });

  it('shows the server’s refusal next to the integration', async () => {
    const { store, client } = setup();
    await store.getState().show(ORG);
    client.integrations.installations.install.mutate.mockRejectedValueOnce(serverError('You need the "admin" role', 'FORBIDDEN', 403));
    expect(await store.getState().install('analytics')).toBe(false);
    expect(store.getState().errors.analytics).toBe('You need the "admin" role');
    expect(store.getState().pending.analytics).toBe(false);
  });
});
