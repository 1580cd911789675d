/**
 * Reads a zip archive's central directory: the entries it declares, where their data lies, and the
 * sizes and checksums they claim. Nothing is inflated here; bounded-unzip.ts checks the claims
 * against limits and then against what the data really unpacks to.
 */

export interface ZipEntry {
  /** The entry's path, '/'-separated (some Windows tools write '\'). */
  name: string;
  directory: boolean;
  encrypted: boolean;
  /** 0 stored, 8 deflate; anything else Folio cannot read. */
  method: number;
  crc: number;
  compressedSize: number;
  /** What the archive claims the entry unpacks to: a claim, checked when it is inflated. */
  declaredSize: number;
  /** Offset of the entry's local header. */
  localOffset: number;
}

/** The archive's structure cannot be read (not a zip, truncated, inconsistent). */
class UnreadableZip extends Error {}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_16 = 0xffff;
const MAX_32 = 0xffffffff;

const utf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('latin1');

export function readCentralDirectory(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEndRecord(bytes, view);
  let offset = view.getUint32(eocd + 16, true);
  let size = view.getUint32(eocd + 12, true);
  if (offset === MAX_32 || size === MAX_32 || view.getUint16(eocd + 10, true) === MAX_16) {
    ({ offset, size } = readZip64End(bytes, view, eocd));
  }
  if (offset + size > bytes.length) throw new UnreadableZip('the central directory lies past the end');

  // Walked to the directory's end rather than trusting its declared count.
  const entries: ZipEntry[] = [];
  for (let pos = offset; pos < offset + size; ) {
    if (pos + 46 > bytes.length || view.getUint32(pos, true) !== CENTRAL) throw new UnreadableZip('a damaged central directory');
    const flags = view.getUint16(pos + 8, true);
    const nameLength = view.getUint16(pos + 28, true);
    const extraLength = view.getUint16(pos + 30, true);
    const commentLength = view.getUint16(pos + 32, true);
    const end = pos + 46 + nameLength + extraLength + commentLength;
    if (end > bytes.length) throw new UnreadableZip('a damaged central directory');
    const rawName = bytes.subarray(pos + 46, pos + 46 + nameLength);
    const name = decodeName(rawName, (flags & 0x800) !== 0).replace(/\\/g, '/');
    const sizes = {
      declaredSize: view.getUint32(pos + 24, true),
      compressedSize: view.getUint32(pos + 20, true),
      localOffset: view.getUint32(pos + 42, true),
    };
    readZip64Extra(view, pos + 46 + nameLength, extraLength, sizes);
    entries.push({
      name,
      directory: name.endsWith('/'),
      // Bit 0: encrypted; bit 6: strong encryption.
      encrypted: (flags & 0x41) !== 0,
      method: view.getUint16(pos + 10, true),
      crc: view.getUint32(pos + 16, true),
      ...sizes,
    });
    pos = end;
  }
  return entries;
}

/** The entry's compressed bytes, located through its local header. */
export function entryData(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL) throw new UnreadableZip('a damaged local header');
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.compressedSize > bytes.length) throw new UnreadableZip('an entry lies past the end');
  return bytes.subarray(start, start + entry.compressedSize);
}

function findEndRecord(bytes: Uint8Array, view: DataView): number {
  // The record is 22 bytes followed by a comment of up to 65,535.
  for (let pos = bytes.length - 22; pos >= Math.max(0, bytes.length - 22 - MAX_16); pos -= 1) {
    if (view.getUint32(pos, true) === EOCD) return pos;
  }
  throw new UnreadableZip('no end of central directory');
}

function readZip64End(bytes: Uint8Array, view: DataView, eocd: number): { offset: number; size: number } {
  const locator = eocd - 20;
  if (locator < 0 || view.getUint32(locator, true) !== ZIP64_LOCATOR) throw new UnreadableZip('no zip64 locator');
  const at = safeNumber(view.getBigUint64(locator + 8, true));
  if (at + 56 > bytes.length || view.getUint32(at, true) !== ZIP64_EOCD) throw new UnreadableZip('no zip64 end record');
  return { size: safeNumber(view.getBigUint64(at + 40, true)), offset: safeNumber(view.getBigUint64(at + 48, true)) };
}

/** Zip64's extra field holds, in this order, whichever of the sizes and offset are 0xFFFFFFFF. */
function readZip64Extra(view: DataView, start: number, length: number, sizes: { declaredSize: number; compressedSize: number; localOffset: number }) {
  for (let pos = start; pos + 4 <= start + length; ) {
    const id = view.getUint16(pos, true);
    const size = view.getUint16(pos + 2, true);
    if (id === 0x0001) {
      let field = pos + 4;
      for (const key of ['declaredSize', 'compressedSize', 'localOffset'] as const) {
        if (sizes[key] !== MAX_32) continue;
        if (field + 8 > pos + 4 + size) throw new UnreadableZip('a short zip64 field');
        sizes[key] = safeNumber(view.getBigUint64(field, true));
        field += 8;
      }
      return;
    }
    pos += 4 + size;
  }
}

function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new UnreadableZip('a zip64 size past any archive');
  return Number(value);
}

/** UTF-8 when flagged, and when it decodes as such (many tools write UTF-8 unflagged); else Latin-1. */
function decodeName(raw: Uint8Array, flaggedUtf8: boolean): string {
  try {
    return utf8.decode(raw);
  } catch {
    if (flaggedUtf8) throw new UnreadableZip('a file name that is not UTF-8');
    return latin1.decode(raw);
  }
}
