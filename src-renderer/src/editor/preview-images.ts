/**
 * Gives the space-file images of a rendered preview (`<img data-asset-name>`, see markdown-preview.ts)
 * their blob: URLs. A file that cannot be loaded keeps its alternative text and says so in its title.
 */
export function resolvePreviewImages(container: HTMLElement, imageUrl: (name: string) => Promise<string | undefined>): void {
  for (const image of container.querySelectorAll<HTMLImageElement>('img[data-asset-name]')) {
    if (image.getAttribute('src')) continue;
    const name = image.dataset.assetName ?? '';
    void imageUrl(name).then((url) => {
      if (!image.isConnected) return;
      if (url) {
        image.src = url;
      } else {
        image.classList.add('markdown-preview__image--missing');
        image.title = `The file "${name}" is not in this content`;
      }
    });
  }
}

/** The heading with this anchor inside a preview (ids are looked up here only: one may equal an id of the app). */
export function previewHeading(container: HTMLElement, anchor: string): HTMLElement | null {
  return container.querySelector<HTMLElement>(`[id="${CSS.escape(anchor)}"]`);
}
