import type { Db } from '../store/database';
import { ensureSetting, getSetting, setSetting } from '../store/settings';
import { sealSecret, unsealSecret } from '../store/secret-sealer';

/**
 * The settings that hold secrets, kept sealed: the key signing file download and PDF URLs (files/signing.ts),
 * the key signing site preview tokens (sites/preview/credentials.ts), and the team server's address with the
 * token this replica syncs with (settings/service.ts). Listed here so opening a store seals any found in clear.
 */
export const SECRET_SETTINGS = {
  urlSigningKey: 'file_url_secret',
  sitePreviewKey: 'site_preview_secret',
  remoteServer: 'remote_server',
} as const;

type SecretSetting = (typeof SECRET_SETTINGS)[keyof typeof SECRET_SETTINGS];

export function getSecretSetting(db: Db, key: SecretSetting): string | undefined {
  const stored = getSetting(db, key);
  return stored === undefined ? undefined : unsealSecret(db, stored);
}

export function setSecretSetting(db: Db, key: SecretSetting, value: string): void {
  setSetting(db, key, sealSecret(db, value));
}

/** The secret kept under `key`, made by `make` on first use (two processes racing agree on the first). */
export function ensureSecretSetting(db: Db, key: SecretSetting, make: () => string): string {
  const existing = getSecretSetting(db, key);
  if (existing !== undefined) return existing;
  return unsealSecret(db, ensureSetting(db, key, sealSecret(db, make())));
}
