import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError } from '../../api/errors';
import type { AppRouter } from '../../api/types';
import { fromBase64 } from '../../editor/base64';
import type { FeatureDependencies } from '../../stores/feature-dependencies';

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;

/** The slice of the tRPC client the space's export uses. */
export interface ExportClient {
  spaceExport: { exportZip: { query(input: Inputs['spaceExport']['exportZip']): Promise<Outputs['spaceExport']['exportZip']> } };
}

/** Hands the archive to the writer (in the window: a download); injected so the store runs in Node. */
type SaveFile = (fileName: string, bytes: Uint8Array) => void;

type ExportPhase = { status: 'idle' } | { status: 'exporting' } | { status: 'failed'; message: string };

interface ExportState {
  phase: ExportPhase;
  /** Exports the open space (or the change request being edited) as a GitBook repository zip, and saves it. */
  download(save: SaveFile): Promise<void>;
}

export type ExportStore = StoreApi<ExportState>;

export function createExportStore({ client, onUnauthorized, navigation }: FeatureDependencies<ExportClient>): ExportStore {
  return createStore<ExportState>()((set, get) => ({
    phase: { status: 'idle' },
    async download(save) {
      const { spaceId, changeRequestId } = navigation.getState();
      if (!spaceId || get().phase.status === 'exporting') return;
      set({ phase: { status: 'exporting' } });
      try {
        const { fileName, data } = await client.spaceExport.exportZip.query({ spaceId, ...(changeRequestId ? { changeRequestId } : {}) });
        save(fileName, fromBase64(data));
        set({ phase: { status: 'idle' } });
      } catch (error) {
        const described = describeError(error);
        if (described.unauthorized) onUnauthorized(described.message);
        set({ phase: { status: 'failed', message: described.message } });
      }
    },
  }));
}
