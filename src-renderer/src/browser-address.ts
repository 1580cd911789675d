import type { AddressBar } from './stores/location-sync';

/** The window's address bar (history.pushState keeps Back and Forward working without reloading). */
export function browserAddress(): AddressBar {
  return {
    get hash() {
      return window.location.hash;
    },
    get path() {
      return window.location.pathname;
    },
    push(hash) {
      const url = `${window.location.pathname}${window.location.search}${hash}`;
      window.history.pushState(null, '', hash ? url : `${window.location.pathname}${window.location.search}`);
    },
    listen(onChange) {
      window.addEventListener('popstate', onChange);
      window.addEventListener('hashchange', onChange);
      return () => {
        window.removeEventListener('popstate', onChange);
        window.removeEventListener('hashchange', onChange);
      };
    },
  };
}
