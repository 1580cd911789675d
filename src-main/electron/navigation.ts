/**
 * Whether the window may navigate to `target`: only within the app itself (the built index.html, or the
 * dev server's origin under `electron-vite dev`). Everything else is refused, so a link or a script can
 * never turn the window, which holds the owner's IPC bridge, into a browser for another site.
 */
export function isAppNavigation(target: string, appUrl: string): boolean {
  let to: URL;
  let app: URL;
  try {
    to = new URL(target);
    app = new URL(appUrl);
  } catch {
    return false;
  }
  if (app.protocol === 'file:') return to.protocol === 'file:' && to.pathname === app.pathname;
  return to.origin === app.origin;
}

/** Links the app may hand to the system browser instead: plain web pages only, never file: or custom schemes. */
export function isExternalWebUrl(target: string): boolean {
  try {
    const { protocol } = new URL(target);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
