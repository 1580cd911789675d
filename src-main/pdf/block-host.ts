import type { Block } from '../../src-shared/gitbook-markdown/types';
import type { Cursor, Frame } from './cursor';
import type { Figures } from './figures';
import type { PdfLinks } from './links';

/** What each block family's layout needs: the cursor, images, links, and the writer for nested blocks. */
export interface BlockHost {
  readonly cursor: Cursor;
  readonly figures: Figures;
  readonly links: PdfLinks;
  blocks(nodes: readonly Block[], frame: Frame): void;
}
