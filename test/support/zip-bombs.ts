import { constants, crc32, deflateRawSync } from 'node:zlib';

const MiB = 1024 * 1024;

export interface ZipInput {
  name: string;
  /** 0 stored, 8 deflate: `data` is already compressed that way. */
  method: 0 | 8;
  data: Uint8Array;
  crc: number;
  /** The size the archive claims the entry unpacks to (a bomb may lie). */
  declaredSize: number;
  flags?: number;
}

/**
 * `mib` MiB of zeros as raw deflate data, about a thousandth of that in size, made without ever
 * holding the zeros: one MiB is deflated and sync-flushed (its back-references reach one byte back,
 * so it decodes to zeros after any zeros), repeated, and closed by an empty final block.
 */
export function deflatedZeros(mib: number): { data: Uint8Array; size: number; crc: number } {
  const zeros = Buffer.alloc(MiB);
  const block = deflateRawSync(zeros, { finishFlush: constants.Z_SYNC_FLUSH });
  const data = new Uint8Array(block.length * mib + 2);
  let crc = 0;
  for (let i = 0; i < mib; i += 1) {
    data.set(block, i * block.length);
    crc = crc32(zeros, crc);
  }
  data.set([0x03, 0x00], block.length * mib);
  return { data, size: mib * MiB, crc: crc >>> 0 };
}

/** A zip archive of the given entries, written as they are (headers may claim anything). */
export function zipArchive(entries: ZipInput[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const flags = (entry.flags ?? 0) | 0x800;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(entry.data.buffer, entry.data.byteOffset, entry.data.byteLength));
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** An entry of `mib` MiB of zeros claiming `declaredSize` (its true size when omitted). */
export function zerosEntry(name: string, mib: number, declaredSize?: number): ZipInput {
  const { data, size, crc } = deflatedZeros(mib);
  return { name, method: 8, data, crc, declaredSize: declaredSize ?? size };
}

/** A deflated entry of real content, with its true size and checksum. */
export function contentEntry(name: string, content: string | Uint8Array): ZipInput {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  return { name, method: 8, data: deflateRawSync(bytes), crc: crc32(bytes) >>> 0, declaredSize: bytes.length };
}

/**
 * Rewrites, in an archive made by a real zip writer (fflate), what every entry's local header and
 * central directory record claim: `patch` gets the entry's header fields and changes them.
 */
export function patchZipHeaders(zip: Uint8Array, patch: (fields: { name: string; flags: number; method: number; declaredSize: number }) => void): Uint8Array {
  const out = Buffer.from(zip);
  const end = out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = out.readUInt16LE(end + 10);
  let pos = out.readUInt32LE(end + 16);
  for (let i = 0; i < count; i += 1) {
    const nameLength = out.readUInt16LE(pos + 28);
    const fields = {
      name: out.subarray(pos + 46, pos + 46 + nameLength).toString('utf8'),
      flags: out.readUInt16LE(pos + 8),
      method: out.readUInt16LE(pos + 10),
      declaredSize: out.readUInt32LE(pos + 24),
    };
    patch(fields);
    // Flags, method and uncompressed size lie at the same distances in both headers.
    for (const at of [pos + 8, out.readUInt32LE(pos + 42) + 6]) {
      out.writeUInt16LE(fields.flags, at);
      out.writeUInt16LE(fields.method, at + 2);
      out.writeUInt32LE(fields.declaredSize, at + 16);
    }
    pos += 46 + nameLength + out.readUInt16LE(pos + 30) + out.readUInt16LE(pos + 32);
  }
  return new Uint8Array(out);
}
