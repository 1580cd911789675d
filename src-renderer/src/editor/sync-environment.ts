/** What the page sync learns from the window: whether anyone is looking, and when to catch up at once. */
export type SyncEvent = 'visible' | 'hidden' | 'focus' | 'online' | 'offline';

export interface SyncEnvironment {
  isHidden(): boolean;
  /** Calls `listener` on each event until the returned function is called. */
  watch(listener: (event: SyncEvent) => void): () => void;
}

/** The few browser globals used, typed here so the sync also compiles (and runs, in tests) without the DOM. */
interface EventSource {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}
interface BrowserGlobals {
  document?: EventSource & { visibilityState: string };
  window?: EventSource;
}

/** The browser window's visibility, focus and network events; outside a browser (tests, Node), always visible. */
export function browserEnvironment(): SyncEnvironment {
  const { document, window } = globalThis as BrowserGlobals;
  if (!document || !window) return { isHidden: () => false, watch: () => () => {} };
  return {
    isHidden: () => document.visibilityState === 'hidden',
    watch(listener) {
      const onVisibility = () => listener(document.visibilityState === 'hidden' ? 'hidden' : 'visible');
      const onFocus = () => listener('focus');
      const onOnline = () => listener('online');
      const onOffline = () => listener('offline');
      document.addEventListener('visibilitychange', onVisibility);
      window.addEventListener('focus', onFocus);
      window.addEventListener('online', onOnline);
      window.addEventListener('offline', onOffline);
      return () => {
        document.removeEventListener('visibilitychange', onVisibility);
        window.removeEventListener('focus', onFocus);
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', onOffline);
      };
    },
  };
}
