import { DATASETS } from './synced-datasets';
import type { Db } from './database';
import { withoutCapture } from './sync-capture';

/**
 * Where folio.sqlite keeps secrets sealed (secrets/sealing.ts): the synced columns datasets mark `sealed`
 * (and their copies in the sync change log), and some settings. SQL for finding them and sealing those an
 * older Folio wrote in clear.
 */
const SEALED_GLOB = 'sealed:v1:*';

function sealedColumns(): Array<{ table: string; column: string }> {
  return DATASETS.flatMap((dataset) => (dataset.sealed ?? []).map((column) => ({ table: dataset.table, column })));
}

/** One sealed value this store holds, anywhere (to try a key on), or undefined when it holds none. */
export function anySealedValue(db: Db, settingKeys: readonly string[]): string | undefined {
  const inSettings = db
    .prepare(`SELECT value FROM settings WHERE key IN (SELECT value FROM json_each(?)) AND value GLOB ? LIMIT 1`)
    .get(JSON.stringify(settingKeys), SEALED_GLOB) as { value: string } | undefined;
  if (inSettings) return inSettings.value;
  for (const { table, column } of sealedColumns()) {
    const row = db.prepare(`SELECT ${column} AS value FROM ${table} WHERE ${column} GLOB ? LIMIT 1`).get(SEALED_GLOB) as { value: string } | undefined;
    if (row) return row.value;
  }
  return undefined;
}

/**
 * Seals every secret still in clear, as Folio before sealing wrote them: rows, their copies in the change log
 * (`sync_changes.value`, JSON) and the settings named. Not recorded as changes (the secrets did not change;
 * other replicas keep theirs under their own keys). Returns how many values were sealed. The caller runs it
 * in one transaction with the key's fingerprint.
 */
export function sealSecretsInClear(db: Db, settingKeys: readonly string[], seal: (plaintext: string) => string): number {
  let sealed = 0;
  withoutCapture(db, () => {
    for (const { table, column } of sealedColumns()) {
      const rows = db
        .prepare(`SELECT rowid AS id, ${column} AS secret FROM ${table} WHERE ${column} IS NOT NULL AND ${column} NOT GLOB ?`)
        .all(SEALED_GLOB) as Array<{ id: number; secret: string }>;
      const update = db.prepare(`UPDATE ${table} SET ${column} = ? WHERE rowid = ?`);
      for (const row of rows) sealed += update.run(seal(row.secret), row.id).changes;

      const logged = db
        .prepare(
          `SELECT seq, json_extract(value, '$') AS secret FROM sync_changes
           WHERE dataset = ? AND "column" = ? AND json_type(value) = 'text' AND json_extract(value, '$') NOT GLOB ?`,
        )
        .all(table, column, SEALED_GLOB) as Array<{ seq: number; secret: string }>;
      const updateLog = db.prepare('UPDATE sync_changes SET value = ? WHERE seq = ?');
      for (const change of logged) sealed += updateLog.run(JSON.stringify(seal(change.secret)), change.seq).changes;
    }
    const settings = db
      .prepare(`SELECT key, value FROM settings WHERE key IN (SELECT value FROM json_each(?)) AND value NOT GLOB ?`)
      .all(JSON.stringify(settingKeys), SEALED_GLOB) as Array<{ key: string; value: string }>;
    const updateSetting = db.prepare('UPDATE settings SET value = ? WHERE key = ?');
    for (const setting of settings) sealed += updateSetting.run(seal(setting.value), setting.key).changes;
  });
  return sealed;
}

/**
 * After secrets in clear were sealed: rewrites the file and empties the WAL, so the plaintext left in freed
 * space of pages, free pages and old WAL frames is gone from folio.sqlite too (SQLite does not erase it).
 * Once per store, at the first start of a Folio that seals.
 */
export function eraseFreedSpace(db: Db): void {
  db.exec('VACUUM');
  db.pragma('wal_checkpoint(TRUNCATE)');
}

/**
 * When the key is lost and the owner asked to start anyway (`folio serve --reset-secrets`): every secret is
 * replaced as an admin would replace it, and recorded as a change so other replicas get the new values.
 * `replacement` makes a new secret for a sealed column, or says null (the secret is cleared: integration
 * secrets are entered again by whoever publishes). The settings secrets go (remade on use; the team server is
 * attached again), and so do the change log's copies sealed with the lost key. Returns how many secrets were
 * replaced; the caller runs it in one transaction with the new key's fingerprint.
 */
export function replaceLostSecrets(
  db: Db,
  settingKeys: readonly string[],
  replacement: (table: string, column: string) => (() => string) | null,
  seal: (plaintext: string) => string,
): number {
  let replaced = 0;
  db.prepare('DELETE FROM settings WHERE key IN (SELECT value FROM json_each(?))').run(JSON.stringify(settingKeys));
  for (const { table, column } of sealedColumns()) {
    db.prepare(`DELETE FROM sync_changes WHERE dataset = ? AND "column" = ? AND json_type(value) = 'text'`).run(table, column);
    const make = replacement(table, column);
    const rows = db.prepare(`SELECT rowid AS id FROM ${table} WHERE ${column} IS NOT NULL`).all() as Array<{ id: number }>;
    const update = db.prepare(`UPDATE ${table} SET ${column} = ? WHERE rowid = ?`);
    for (const row of rows) replaced += update.run(make ? seal(make()) : null, row.id).changes;
  }
  return replaced;
}
