import { describe, expect, it, vi } from 'vitest';
import { createExportStore, type ExportClient } from '../../../../src-renderer/src/components/space/export-store';
import { createNavigationStore } from '../../../../src-renderer/src/stores/navigation-store';
import { serverError, unauthorizedError } from '../../fake-client';

function setup(answer: () => Promise<{ fileName: string; data: string }>) {
  const client = { spaceExport: { exportZip: { query: vi.fn(async (_input: { spaceId: string; changeRequestId?: string }) => answer()) } } } satisfies ExportClient;
  const navigation = createNavigationStore();
  navigation.getState().enterSpace('s-1');
  const onUnauthorized = vi.fn();
  return { store: createExportStore({ client, onUnauthorized, navigation }), client, navigation, onUnauthorized };
}

describe('the export store', () => {
  it("saves the open space's zip under the server's file name, as bytes", async () => {
    const { store, client } = setup(async () => ({ fileName: 'docs.zip', data: Buffer.from([80, 75, 5, 6]).toString('base64') }));
    const save = vi.fn();
    await store.getState().download(save);
    expect(client.spaceExport.exportZip.query).toHaveBeenCalledWith({ spaceId: 's-1' });
    expect(save).toHaveBeenCalledWith('docs.zip', new Uint8Array([80, 75, 5, 6]));
    expect(store.getState().phase).toEqual({ status: 'idle' });
  });

  it('exports the change request being edited', async () => {
    const { store, client, navigation } = setup(async () => ({ fileName: 'docs.zip', data: '' }));
    navigation.getState().openChangeRequest('cr-1');
    await store.getState().download(vi.fn());
    expect(client.spaceExport.exportZip.query).toHaveBeenCalledWith({ spaceId: 's-1', changeRequestId: 'cr-1' });
  });

  it('says why an export failed, and signs out on 401', async () => {
    const failing = setup(async () => Promise.reject(serverError('Space "s-1" not found')));
    const save = vi.fn();
    await failing.store.getState().download(save);
    expect(save).not.toHaveBeenCalled();
    expect(failing.store.getState().phase).toEqual({ status: 'failed', message: 'Space "s-1" not found' });

    const refused = setup(async () => Promise.reject(unauthorizedError()));
    await refused.store.getState().download(save);
    expect(refused.onUnauthorized).toHaveBeenCalled();
  });
});
