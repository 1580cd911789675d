import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createDesktopClient, createHttpClient, httpAppLinkResolver, isDesktop } from './api/client';
import { browserAddress } from './browser-address';
import { browserStorage } from './browser-storage';
import { App } from './components/App';
import { StoresContext } from './components/stores-context';
import { createBrowserStores, createDesktopStores } from './stores/app-stores';
import { syncLocation } from './stores/location-sync';
import { ssoCodeFromHash } from './stores/session-store';
import { followTheme } from './stores/theme-store';
import './styles/theme.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/spaces.css';
import './styles/space.css';
import './styles/page-tree.css';
import './styles/editor.css';
import './styles/live-preview.css';
import './styles/live-preview-blocks.css';
import './styles/formatting.css';
import './styles/change-requests.css';
import './styles/comments.css';
import './styles/search.css';
import './styles/history.css';
import './styles/import.css';
import './styles/git-sync.css';
import './styles/sharing.css';
import './styles/settings.css';
import './styles/status.css';
import './styles/sync.css';
import './styles/sites.css';
import './styles/openapi.css';
import './styles/integrations.css';
import './styles/org-settings.css';
import './styles/invites.css';
import './styles/page-title.css';
import './styles/writing.css';
import './styles/reusable-contents.css';

// The same page runs in the desktop app (IPC to the main process, as the owner) and in a browser on
// `folio serve` (HTTP to /trpc with a pasted token); only the transport and the sign-in differ.
const storage = browserStorage();
const stores = isDesktop() ? createDesktopStores(storage, createDesktopClient()) : createBrowserStores(storage, createHttpClient);
// Back from single sign-on (src-main/saml/login.ts): the code leaves the address at once, then is traded for a token.
const ssoCode = stores.session && ssoCodeFromHash(window.location.hash);
if (ssoCode) {
  window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);
  void stores.session?.getState().completeSso(ssoCode);
}
syncLocation(stores, browserAddress(), stores.session ? httpAppLinkResolver(() => stores.session?.getState().token) : undefined);
// Before the first paint, so a chosen theme never flashes the system's.
followTheme(stores.theme, document.documentElement);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <StoresContext value={stores}>
      <App />
    </StoresContext>
  </StrictMode>,
);
