import { Facet } from '@codemirror/state';
import type { PageTitleOf } from './block-html';
import type { ReusableContentSource } from './includes';

/** What the live preview needs from the app around the editor; each is optional (tests run without). */
export interface LivePreviewOptions {
  /** A blob: URL for a file of the space (`.gitbook/assets/<name>`), as the preview loads them (page-images.ts). */
  imageUrl?(name: string): Promise<string | undefined>;
  /** The title of the page a relative `.md` link names, when the app knows it. */
  pageTitle?: PageTitleOf;
  /** The space's reusable contents, which `{% include %}` lines show (includes.ts). */
  reusableContents?: ReusableContentSource;
}

/** The options, where widgets (which only see the view) can read them. */
export const livePreviewOptions = Facet.define<LivePreviewOptions, LivePreviewOptions>({
  combine: (values) => values[0] ?? {},
});
