import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src-main/store/migrations';
import { migratedDatabase, schemaText } from './schema';

/**
 * The SHA-256 of each released migration's SQL. A released migration already ran on someone's data: if its
 * SQL changed (an edit, or a change to what it generates its SQL from), a new install would no longer match
 * an upgraded one. Never update a digest here: add a migration. Pin a migration once it is released.
 */
const RELEASED: Record<number, string> = {
  1: '4d559eef860361a3698c74ff256d3a1ba0f2c4801db3887e5d167249bb97a299',
  2: '1cd450d5b5d472e8cc304e6b6ad7a96f33c3eded9c2e730abc8afbb2510fa6e8',
  3: 'd769fcd27e1ed926451068defd19ebf1ab110b4718513620809ef21929d7671e',
  4: 'f453e6eff3d37367642455b7773a4ca5d76168af5a1468326c345ca97108d666',
  5: '002c21ac4b98d8ea71d7decf1e5c2eea78b6c06688af90e347cd1f15d85414d5',
  6: '120fda7b75180a91d252001be5fbca216bb198a9682317348108788945e2991b',
  7: '95a643bb487a5d10aea572fe39fcaf56b3c9e93847be6f049798a3afcf2afc70',
  8: '050090d96baa0521bc914bf32260fad8fba17e0db718ef1285d09da35c3b8eba',
  9: 'd2c7392875dc539be77b24c5ab2731e914dab91418faa5e51fb32da54dc8eb25',
  10: 'b1873d2807ae39502ea82b61649522f7cd456746c26b7c449faf705ebe29c764',
  11: 'f06cecde89162826b1b9d796cf4a20e480ea14b6d0fcf935acdc0c83537d8be8',
  12: '02b1a8457dba2f0a5efdc00ffcfc3574243eb55e274133d8c52a0e94715812ee',
  13: 'f6cb5c1652988d2eef9a194b3ea3d32021224ef92019a07b81e61443e7026674',
  14: 'c3c64ef3accc794c14b145e856a8f53855cf3f9060577141d1a9c0ebb8fed976',
  15: '1a7aaef45f5e4c23ac77b54663cf8e01f3d08f8884e82aba0ad323258a71a088',
  16: '6fd3d9c5a6cc69c2f933476dd09a97aad9261cd537f182208406c82f86cb3851',
  17: 'b7dbb2b3d4c8aa87873ec15c728a3b128e6e1dd03f96e44ff550c9c7d098eda7',
  18: '639db5941c99e5c97166b6c4dac295e1eb1910a4b76af0442b64b1861aa4b49f',
  19: 'df42e317400e4eb4fecec10220a6df538add4188bdcbde3855ccc815892eb93c',
  20: '2ecdb3217bc8502d8b776c246bcf7274f9ebc791f7c2e2e87944797f5d3a7540',
  21: '49f4a2001cf027b9e3137be5e9ff8d114535e735fd03693e9efa7c2d4a596837',
  22: '77919b27f1000adabd1d6e4a1ad26690f5b275ab5fd40f4cd797f7c1edc3b83f',
  23: '6482f33c049902d2e4195971b1fec768e44ceb787a7aa2134e15535300f8105b',
  24: '4923885f3dae6e6042b12029ce54cbe40403052af00d042624704c8937f328fa',
  25: 'a47b76340985564581a332effa78df199ce690dc586ebbc3bfcc2bcc464cb7c6',
  26: '9132200171d3c6233b7b06e7603e850b99a3932b35fb925ae552fac343bd6327',
  27: '5135ef230c9f2a1336f163f018d42711dd163bc24342225f4e5b81e19e1ecc0f',
  28: '3381bb26d513ea24b64a1028c7263e34fe5502ad7f1b3fae8732a91711366ed3',
  29: '2f4d8ed640e4100b4d8afae8b09e421adc11072d40047dcf2b57386a7a0e1ce3',
  30: '79f3f80350ca00534dfe331d670e7ebcb7501a1bf653bd899aa68119a0053dff',
  31: 'e31aa109ca7db0fa1e9ed840dc651347e1795035e3fab4d17991442d26d1cac4',
  32: '93ad4d1e5fe377bcd0df294395bc10e6af3a79103e711958fa8db523e954e1e8',
  33: 'dd90175cd31ce630aad1da28163ee542de91125885bb1a6bf3548aedcc2e248d',
  34: '543382e694886c648ae14bfb1e223e17038180227d3e233e753e7c75d7b140c4',
  35: 'bb3805a5105e23805b3d9c0ef4fe666431f418bdd64f54ab9cb625c55a5d2ead',
  36: '2cde3797603f8d8171d69bee9ff3911d6cfe5cad229271832afbf8c7ac43b01d',
  37: '6b3b75a23fb1162658ded9797c536bc8ba797f069311528c8388eb36b77b897c',
  38: 'd5c66a1d7da2399e6f4fd9a987895db87bbc54b2b09d1685712a51dc267be7e3',
  39: '2d61fa86d9314bc7d23eba8dfc6f30ed43221d320984e4d9c89ed9cc207d5796',
};

const digest = (sql: string) => createHash('sha256').update(sql).digest('hex');

describe('released migrations', () => {
  it('each produce exactly the SQL they produced when released', () => {
    const actual = Object.fromEntries(
      MIGRATIONS.filter((migration) => RELEASED[migration.version] !== undefined).map((migration) => [migration.version, digest(migration.sql)]),
    );
    expect(actual).toEqual(RELEASED);
  });

  // The schema Folio built through migration 022 before the migrations were frozen (fixtures/schema-022.sql,
  // dumped from a database made by that code). It must never change: if this fails, a released migration
  // changed; restore it rather than updating the snapshot.
  it('build the same schema through migration 022 as the Folio that released it', async () => {
    const db = migratedDatabase({ through: 22 });
    expect(db.pragma('user_version', { simple: true })).toBe(22);
    await expect(schemaText(db)).toMatchFileSnapshot('fixtures/schema-022.sql');
    db.close();
  });
});
