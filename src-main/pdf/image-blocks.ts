import type { ImageBlock, Images } from '../../src-shared/gitbook-markdown/types';
import type { BlockHost } from './block-host';
import { fragmentText } from './block-text';
import type { Frame } from './cursor';

/**
 * GitBook's images block: each image under the last, with its caption. An image with a dark-mode
 * variant prints its light one (`ref`): paper is white.
 */
export function images(host: BlockHost, node: Images, frame: Frame): void {
  node.nodes.forEach((image, i) => {
    if (i > 0) host.cursor.gap(6);
    host.figures.image(image.data.ref, image.data.alt ?? '', caption(image), frame);
  });
}

function caption(image: ImageBlock): string {
  const fragment = image.fragments.find((f) => f.fragment === 'caption') ?? image.fragments[0];
  return fragmentText(fragment).replace(/\s+/g, ' ');
}
