import { DESKTOP_BRIDGE_KEY, type DesktopBridge } from '../../../src-shared/desktop-bridge';

export type { DesktopBridge } from '../../../src-shared/desktop-bridge';

/**
 * The desktop window's native dialogs, when the page runs in Electron (its preload exposes them); undefined in a
 * browser, where the page keeps its own ways (a typed folder path, a file upload). `host` is the window, or a
 * fake in tests.
 */
export function desktopBridge(host: object | undefined = typeof window === 'undefined' ? undefined : window): DesktopBridge | undefined {
  const bridge = host && (host as Record<string, unknown>)[DESKTOP_BRIDGE_KEY];
  if (!bridge || typeof (bridge as Partial<DesktopBridge>).chooseFolder !== 'function') return undefined;
  return bridge as DesktopBridge;
}
