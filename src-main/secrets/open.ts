import { type Db, inTransaction } from '../store/database';
import { anySealedValue, eraseFreedSpace, replaceLostSecrets, sealSecretsInClear } from '../store/sealed-secrets';
import { getSetting, setSetting } from '../store/settings';
import { attachSealer, type Sealer } from '../store/secret-sealer';
import { SecretKeyError, type SecretKeyStore } from './key-store';
import { replacementFor } from './replacements';
import { createSealer, newSecretKey, UnsealError } from './sealing';
import { SECRET_SETTINGS } from './settings';

/** The setting holding the sealing key's fingerprint: which key this database's secrets are sealed with. */
const KEY_FINGERPRINT_SETTING = 'secrets.key_fingerprint';

interface OpenSecretsOptions {
  /**
   * The key is lost and the owner chose to start anyway (`folio serve --reset-secrets`): a new key, and every
   * secret replaced or cleared. Never implied: without it, a missing key stops the start.
   */
  resetLostSecrets?: boolean;
}

/**
 * Opens the secrets of a store at start (openApp): loads the data directory's key (making one for a store
 * that has never sealed anything), checks it is the one the store's secrets were sealed with, attaches it to
 * the connection, and seals in one transaction every secret an older Folio left in clear. A store whose
 * secrets are sealed but whose key is missing or another is refused with a SecretKeyError, never silently
 * given a new key: that would lose every secret in it.
 */
export function openSecrets(db: Db, keys: SecretKeyStore, options: OpenSecretsOptions = {}): Sealer {
  const settingKeys = Object.values(SECRET_SETTINGS);
  const recorded = getSetting(db, KEY_FINGERPRINT_SETTING);
  const key = keys.load();
  if (!key) {
    const sealedHere = recorded !== undefined || anySealedValue(db, settingKeys) !== undefined;
    if (sealedHere && !options.resetLostSecrets) throw missingKey(keys);
    const sealer = attach(db, makeKey(keys));
    if (sealedHere) {
      inTransaction(db, () => {
        setSetting(db, KEY_FINGERPRINT_SETTING, sealer.fingerprint);
        replaceLostSecrets(db, settingKeys, replacementFor, (plaintext) => sealer.seal(plaintext));
      });
      return sealer;
    }
    return sealUpgraded(db, sealer, settingKeys, recorded);
  }
  const sealer = createSealer(key);
  if (recorded !== undefined && recorded !== sealer.fingerprint) throw wrongKey(keys);
  if (recorded === undefined) {
    // Sealed values but no fingerprint: a store written by hand or half-restored. The key must open them.
    const sample = anySealedValue(db, settingKeys);
    try {
      if (sample !== undefined) sealer.unseal(sample);
    } catch (error) {
      if (error instanceof UnsealError) throw wrongKey(keys);
      throw error;
    }
  }
  return sealUpgraded(db, attach(db, sealer), settingKeys, recorded);
}

function attach(db: Db, sealerOrKey: Sealer | Buffer): Sealer {
  const sealer = Buffer.isBuffer(sealerOrKey) ? createSealer(sealerOrKey) : sealerOrKey;
  attachSealer(db, sealer);
  return sealer;
}

/** Seals what an older Folio left in clear, in one transaction, then erases the clear copies from the file. */
function sealUpgraded(db: Db, sealer: Sealer, settingKeys: readonly string[], recorded: string | undefined): Sealer {
  const sealedNow = inTransaction(db, () => {
    if (recorded === undefined) setSetting(db, KEY_FINGERPRINT_SETTING, sealer.fingerprint);
    return sealSecretsInClear(db, settingKeys, (plaintext) => sealer.seal(plaintext));
  });
  if (sealedNow > 0) eraseFreedSpace(db);
  return sealer;
}

function makeKey(keys: SecretKeyStore): Buffer {
  const key = newSecretKey();
  try {
    keys.save(key);
    return key;
  } catch (error) {
    // Another process opening the same new data directory made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      const theirs = keys.load();
      if (theirs) return theirs;
    }
    throw error;
  }
}

function missingKey(keys: SecretKeyStore): SecretKeyError {
  return new SecretKeyError(
    `The secrets in this data directory are sealed with a key that is not here (${keys.location} is missing). ` +
      'Restore it from the backup made with this database: Folio will not start without it rather than lose them ' +
      '(integration secrets, visitor and share-link keys, the URL-signing key, the team server token). ' +
      'If the key is lost for good, `folio serve --reset-secrets` starts with a new key and replaces every secret.',
  );
}

function wrongKey(keys: SecretKeyStore): SecretKeyError {
  return new SecretKeyError(
    `The secrets key in ${keys.location} is not the one this database's secrets were sealed with. ` +
      'Put back the key file backed up with this database; Folio will not start with another. If the right key is ' +
      'lost for good, move this one away and start with `folio serve --reset-secrets` to replace every secret.',
  );
}
