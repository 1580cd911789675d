import { useStore } from 'zustand';
import type { SessionStore } from '../stores/session-store';
import { SignInPage } from './SignInPage';
import { useAppStores } from './stores-context';
import { Workspace } from './Workspace';

/** The desktop app opens the workspace directly; a browser signs in first. */
export function App() {
  const { session } = useAppStores();
  return session ? <BrowserApp session={session} /> : <Workspace />;
}

function BrowserApp({ session }: { session: SessionStore }) {
  const signedIn = useStore(session, (state) => state.status === 'signed-in');
  return signedIn ? <Workspace onSignOut={() => session.getState().signOut()} /> : <SignInPage session={session} />;
}
