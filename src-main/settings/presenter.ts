import type { RemoteServer, SettingsView } from './service';

/** The team server as the app shows it: the token only as a hint of its last characters (none for a short one). */
export function presentRemoteServer(remote: RemoteServer) {
  return { url: remote.url, tokenHint: `…${remote.token.length >= 12 ? remote.token.slice(-4) : ''}`, updatedAt: remote.updatedAt };
}

export function presentSettings(settings: SettingsView) {
  const { remote, ...rest } = settings;
  return { ...rest, remote: remote ? presentRemoteServer(remote) : null };
}
