import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError } from '../../api/errors';
import type { DesktopBridge } from '../../api/desktop-bridge';
import type { AppRouter } from '../../api/types';
import { toBase64 } from '../../editor/base64';
import type { FeatureDependencies } from '../../stores/feature-dependencies';
import { folderUrl, markdownFileSource, uploadSource, websiteUrl } from './import-source';

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;

type ImportResult = NonNullable<Outputs['content']['importStatus']['result']>;

/** The slice of the tRPC client imports use. */
export interface ImportClient {
  content: {
    startImport: { mutate(input: Inputs['content']['startImport']): Promise<{ jobId: string }> };
    startUploadImport: { mutate(input: Inputs['content']['startUploadImport']): Promise<{ jobId: string }> };
    importStatus: { query(input: Inputs['content']['importStatus']): Promise<Outputs['content']['importStatus']> };
  };
  settings: { get: { query(): Promise<Outputs['settings']['get']> } };
}

/** What the writer asks for: a website, a folder on the host, or a file they chose (read into bytes): any, or one markdown file. */
export type ImportSourceChoice =
  | { kind: 'website'; url: string }
  | { kind: 'folder'; path: string }
  | { kind: 'file' | 'markdown-file'; name: string; bytes: Uint8Array };

interface ImportTarget {
  spaceId: string;
  /** Import under this page; at the root when absent. */
  parentPageId?: string;
  /** Import into this change request's content. */
  changeRequestId?: string;
}

export type ImportPhase =
  | { status: 'idle' }
  | { status: 'starting' }
  | { status: 'running'; jobId: string; done: number; found: number }
  | { status: 'done'; result: ImportResult }
  | { status: 'failed'; message: string };

/** Whether this server reads folders on its own disk (the desktop app, or `--allow-file-imports`). */
type FileImports = { status: 'unknown' } | { status: 'known'; allowed: boolean; desktop: boolean };

/** The dialog's fields, kept here so they survive the dialog switching to progress and back on a failure. */
export interface ImportDraft {
  kind: 'website' | 'folder' | 'file' | 'markdown-file';
  url: string;
  path: string;
  file?: File;
  underPage: boolean;
}

const EMPTY_DRAFT: ImportDraft = { kind: 'website', url: '', path: '', underPage: false };

interface ImportState {
  phase: ImportPhase;
  draft: ImportDraft;
  setDraft(changes: Partial<ImportDraft>): void;
  /** The space the running or finished import went into. */
  target?: ImportTarget;
  fileImports: FileImports;
  /** A field the writer filled wrongly, said before asking the server. */
  inputError?: string;
  checkFileImports(): Promise<void>;
  /** The desktop's folder picker: the chosen folder becomes the draft's path (a cancel leaves it as it was). */
  chooseFolder(bridge: DesktopBridge): Promise<void>;
  /** Starts an import; resolves once it is running (or refused). Its progress is polled until it ends. */
  start(target: ImportTarget, source: ImportSourceChoice): Promise<void>;
  /** Ready for another import (the finished one's result is forgotten; a failed one's fields are kept to fix). */
  reset(): void;
}

export type ImportStore = StoreApi<ImportState>;

/** How often the running import's progress is asked for. */
export const POLL_MS = 300;
/** Consecutive failed polls (the server briefly unreachable) before the import is reported lost. */
const MAX_POLL_FAILURES = 10;

export function createImportStore({ client, onUnauthorized, navigation }: FeatureDependencies<ImportClient>): ImportStore {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A newer import (or a reset) stops the polling of the previous one.
  let generation = 0;

  const failure = (error: unknown): string => {
    const { message, unauthorized } = describeError(error);
    if (unauthorized) onUnauthorized(message);
    return message;
  };

  const store = createStore<ImportState>()((set, get) => ({
    phase: { status: 'idle' },
    draft: EMPTY_DRAFT,
    fileImports: { status: 'unknown' },

    setDraft(changes) {
      set({ draft: { ...get().draft, ...changes }, inputError: undefined });
    },

    async checkFileImports() {
      try {
        const settings = await client.settings.get.query();
        set({ fileImports: { status: 'known', allowed: settings.fileImports, desktop: settings.desktop } });
      } catch {
        // Unknown: the folder choice stays offered and the server's answer will say why it cannot.
      }
    },

    async chooseFolder(bridge) {
      try {
        const path = await bridge.chooseFolder();
        if (path) set({ draft: { ...get().draft, kind: 'folder', path }, inputError: undefined });
      } catch (error) {
        set({ inputError: `The folder picker could not open: ${error instanceof Error ? error.message : String(error)}` });
      }
    },

    async start(target, source) {
      if (get().phase.status === 'starting' || get().phase.status === 'running') return;
      const checked = request(source);
      if (!checked.ok) {
        set({ inputError: checked.message });
        return;
      }
      const run = ++generation;
      set({ phase: { status: 'starting' }, target, inputError: undefined });
      try {
        const { jobId } = checked.upload
          ? await client.content.startUploadImport.mutate({ ...target, ...checked.upload })
          : await client.content.startImport.mutate({ ...target, ...checked.url! });
        if (run !== generation) return;
        set({ phase: { status: 'running', jobId, done: 0, found: 0 } });
        schedule(run, jobId, 0);
      } catch (error) {
        if (run === generation) set({ phase: { status: 'failed', message: failure(error) } });
      }
    },

    reset() {
      generation += 1;
      clearTimeout(timer);
      const failed = get().phase.status === 'failed';
      set({ phase: { status: 'idle' }, inputError: undefined, ...(failed ? {} : { draft: EMPTY_DRAFT }) });
    },
  }));

  function schedule(run: number, jobId: string, failures: number): void {
    timer = setTimeout(() => void poll(run, jobId, failures), POLL_MS);
  }

  async function poll(run: number, jobId: string, failures: number): Promise<void> {
    let status: Outputs['content']['importStatus'];
    try {
      status = await client.content.importStatus.query({ jobId });
    } catch (error) {
      if (run !== generation) return;
      const message = failure(error);
      if (failures + 1 >= MAX_POLL_FAILURES || describeError(error).unauthorized) {
        store.setState({ phase: { status: 'failed', message: `Lost track of the import: ${message}` } });
      } else {
        schedule(run, jobId, failures + 1);
      }
      return;
    }
    if (run !== generation) return;
    if (status.state === 'running') {
      store.setState({ phase: { status: 'running', jobId, done: status.done, found: status.found } });
      schedule(run, jobId, 0);
    } else if (status.state === 'done' && status.result) {
      store.setState({ phase: { status: 'done', result: status.result } });
      // The tree and the open page reload, whether the dialog is still open or the import ran behind it.
      if (navigation.getState().spaceId === store.getState().target?.spaceId) navigation.getState().contentChanged();
    } else {
      store.setState({ phase: { status: 'failed', message: status.error ?? 'The import failed.' } });
    }
  }

  return store;
}

type CheckedRequest =
  | { ok: true; url?: { url: string; source: 'website' | 'markdown' }; upload?: { source: 'zip' | 'docx' | 'markdown' | 'html'; name: string; data: string } }
  | { ok: false; message: string };

function request(source: ImportSourceChoice): CheckedRequest {
  if (source.kind === 'website') {
    const url = websiteUrl(source.url);
    return url.ok ? { ok: true, url: { url: url.value, source: 'website' } } : url;
  }
  if (source.kind === 'folder') {
    const url = folderUrl(source.path);
    return url.ok ? { ok: true, url: { url: url.value, source: 'markdown' } } : url;
  }
  const kind = (source.kind === 'markdown-file' ? markdownFileSource : uploadSource)(source.name, source.bytes.byteLength);
  return kind.ok ? { ok: true, upload: { source: kind.value, name: source.name, data: toBase64(source.bytes) } } : kind;
}
