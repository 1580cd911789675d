import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError } from '../../api/errors';
import type { AppRouter } from '../../api/types';
import { toBase64 } from '../../editor/base64';
import { ImageUrlCache, fileBlockMarkdown, fileProblem, imageFileName, imageMarkdown, imageProblem, type ImageInput } from '../../editor/page-images';
import { openPageSync, type PageSync, type PageSyncClient, type PageSyncOptions, type PageSyncState, type PageTarget } from '../../editor/page-sync';
import type { FeatureDependencies } from '../../stores/feature-dependencies';

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;

/** The procedures the editor calls: the body sync, image uploads and reads, and the change request's number. */
export interface EditorClient {
  content: PageSyncClient['content'] & {
    uploadFile: { mutate(input: Inputs['content']['uploadFile']): Promise<Outputs['content']['uploadFile']> };
  };
  files: { read: { query(input: Inputs['files']['read']): Promise<Outputs['files']['read']> } };
  changeRequests: { get: { query(input: Inputs['changeRequests']['get']): Promise<Outputs['changeRequests']['get']> } };
}

export type EditedChangeRequest = Pick<Outputs['changeRequests']['get'], 'id' | 'number' | 'status' | 'subject'>;

/** The open page: loading, failed (in words), or live with its sync. */
type EditorSession =
  | { status: 'closed' }
  | { status: 'loading'; target: PageTarget }
  | { status: 'error'; target: PageTarget; message: string }
  | { status: 'ready'; target: PageTarget; sync: PageSync };

export type UploadState = { status: 'idle' } | { status: 'uploading'; name: string } | { status: 'done'; name: string } | { status: 'error'; message: string };

export interface EditorState {
  session: EditorSession;
  /** The save state of the open page (follows its sync). */
  save?: PageSyncState;
  /** The change request being edited, when the editor is on one (its number for the banner). */
  changeRequest?: EditedChangeRequest;
  /** Whether the rendered preview shows beside the editor; kept from page to page. */
  preview: boolean;
  upload: UploadState;

  /**
   * Opens a page (or keeps it if it is the one open at this `version`: bump it to reload after a merge
   * or import). The page open before is closed, its waiting edits still saved in the background.
   */
  open(target: PageTarget, version?: number): Promise<void>;
  close(): void;
  retry(): Promise<void>;
  togglePreview(): void;
  /** Uploads an image into the page's content and returns the markdown that shows it (undefined on failure). */
  uploadImage(image: ImageInput): Promise<string | undefined>;
  /** Uploads any file into the page's content and returns GitBook's file block for it (undefined on failure). */
  uploadFile(file: ImageInput): Promise<string | undefined>;
  /** A blob: URL for the space file the preview shows, or undefined when it cannot be loaded. */
  imageUrl(name: string): Promise<string | undefined>;
}

export type EditorStore = StoreApi<EditorState>;

export function createEditorStore(
  { client, onUnauthorized }: FeatureDependencies<EditorClient>,
  syncOptions: PageSyncOptions = {},
): EditorStore {
  /** Identifies the current open call, so a slow answer for a page left since is dropped. */
  let openKey: string | undefined;
  let version = 0;
  let unsubscribe: (() => void) | undefined;
  let images: ImageUrlCache | undefined;

  const report = (error: unknown) => {
    const described = describeError(error);
    if (described.unauthorized) onUnauthorized(described.message);
    return described.message;
  };

  return createStore<EditorState>()((set, get) => {
    const teardown = () => {
      const { session } = get();
      unsubscribe?.();
      unsubscribe = undefined;
      images?.revokeAll();
      images = undefined;
      // Edits still waiting are saved before the copy goes (a refused one cannot be).
      if (session.status === 'ready') void session.sync.close();
    };

    /** One upload into the open page's content; `markdownOf` is what the editor inserts for the stored file. */
    const upload = async (input: ImageInput, name: string, problemOf: (input: ImageInput) => string | undefined, markdownOf: (name: string) => string) => {
      const { session } = get();
      if (session.status !== 'ready') return undefined;
      const problem = problemOf({ ...input, name });
      if (problem) {
        set({ upload: { status: 'error', message: problem } });
        return undefined;
      }
      set({ upload: { status: 'uploading', name } });
      const { spaceId, changeRequestId } = session.target;
      try {
        const { file } = await client.content.uploadFile.mutate({ spaceId, changeRequestId, name, contentType: input.type || 'application/octet-stream', data: toBase64(input.bytes) });
        images?.forget(file.name);
        set({ upload: { status: 'done', name: file.name } });
        return markdownOf(file.name);
      } catch (error) {
        set({ upload: { status: 'error', message: `Could not upload "${name}": ${report(error)}` } });
        return undefined;
      }
    };

    const loadChangeRequest = async (target: PageTarget, key: string) => {
      if (!target.changeRequestId) return;
      try {
        const cr = await client.changeRequests.get.query({ spaceId: target.spaceId, changeRequestId: target.changeRequestId });
        if (openKey === key) set({ changeRequest: { id: cr.id, number: cr.number, status: cr.status, subject: cr.subject } });
      } catch (error) {
        report(error); // the banner then names the change request without its number
      }
    };

    return {
      session: { status: 'closed' },
      preview: false,
      upload: { status: 'idle' },

      async open(target, atVersion = version) {
        const key = JSON.stringify([target.spaceId, target.pageId, target.changeRequestId ?? null, atVersion]);
        if (key === openKey && get().session.status !== 'error') return;
        teardown();
        openKey = key;
        version = atVersion;
        set({ session: { status: 'loading', target }, save: undefined, changeRequest: undefined, upload: { status: 'idle' } });
        void loadChangeRequest(target, key);
        try {
          const sync = await openPageSync(client, target, { onError: report, ...syncOptions });
          if (openKey !== key) {
            sync.destroy(); // nothing typed into it yet: the writer has moved on
            return;
          }
          images = new ImageUrlCache((name) => client.files.read.query({ spaceId: target.spaceId, name, changeRequestId: target.changeRequestId }));
          unsubscribe = sync.subscribe((save) => set({ save }));
          set({ session: { status: 'ready', target, sync }, save: sync.getState() });
        } catch (error) {
          if (openKey === key) set({ session: { status: 'error', target, message: report(error) } });
        }
      },

      close() {
        teardown();
        openKey = undefined;
        set({ session: { status: 'closed' }, save: undefined, changeRequest: undefined, upload: { status: 'idle' } });
      },

      async retry() {
        const { session } = get();
        if (session.status === 'error') await get().open(session.target, version);
      },

      togglePreview() {
        set({ preview: !get().preview });
      },

      uploadImage(image) {
        return upload(image, imageFileName(image.name, image.type), imageProblem, imageMarkdown);
      },

      uploadFile(file) {
        return upload(file, imageFileName(file.name, file.type).replace(/"/g, ''), fileProblem, fileBlockMarkdown);
      },

      imageUrl(name) {
        return images?.get(name) ?? Promise.resolve(undefined);
      },
    };
  });
}
