/** The local API address, the token for local tools, the data folder and the remote server. (Placeholder, replaced by the feature.) */
export function SettingsDialog() {
  return null;
}
