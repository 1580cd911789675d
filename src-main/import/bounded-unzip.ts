import { createInflateRaw, crc32, inflateRawSync } from 'node:zlib';
import { badRequest } from '../errors';
import { entryData, readCentralDirectory, type ZipEntry } from './zip-directory';

interface UnzipLimits {
  /** What all the entries may unpack to, together. */
  maxTotalBytes: number;
  /** What one entry may unpack to. */
  maxEntryBytes: number;
  /** Files in the archive (folders do not count). */
  maxEntries: number;
}

interface UnzipOptions {
  /** Starts every refusal: the request field and the thing, e.g. "url: the archive". */
  subject: string;
  /** The whole refusal for bytes that are not a zip archive at all. */
  unreadable: string;
  /** Entries left out, neither inflated nor counted (e.g. macOS's `__MACOSX/` folder). */
  skip?: (name: string) => boolean;
}

/**
 * Unpacks a zip archive without trusting it (zip bombs). The sizes the archive declares are checked
 * against the limits before anything is inflated; then each entry is inflated into a buffer of its
 * declared size, counting the bytes it really produces, and abandoned the moment it produces more.
 * So memory never holds more than the limits, whatever the archive claims, and an entry whose real
 * size or checksum differs from its claim, one that is encrypted or compressed in a way Folio cannot
 * read, and one whose path leaves the archive's folder (`..`, absolute) refuse the whole archive
 * with a 400 that starts with `options.subject`.
 */
export async function unzipBounded(bytes: Uint8Array, limits: UnzipLimits, options: UnzipOptions): Promise<Map<string, Uint8Array>> {
  const archive = openZipBounded(bytes, limits, options, { totalUpFront: true });
  const files = new Map<string, Uint8Array>();
  for (const name of archive.names) files.set(name, await archive.read(name));
  return files;
}

/** A vetted archive whose entries are inflated when read, one by one. */
interface BoundedZip {
  /** The files, in the archive's order (folders and skipped entries left out). */
  readonly names: readonly string[];
  /** One file's bytes, inflated now; refused once the files read so far would pass `maxTotalBytes`. */
  read(name: string): Promise<Uint8Array>;
}

/**
 * The archive's files, each inflated only when read (an import reads the pages and the files they use,
 * so an archive's unused files cost neither memory nor the import's byte limit). Every check that needs no
 * inflating is made at once, as `unzipBounded` makes them: structure, paths, encryption, methods, the
 * number of files and what each one claims. What the files together unpack to is counted as they are
 * read (or, with `totalUpFront`, from their claims before anything is read).
 */
export function openZipBounded(bytes: Uint8Array, limits: UnzipLimits, options: UnzipOptions, mode: { totalUpFront?: boolean } = {}): BoundedZip {
  const refuse = (message: string) => badRequest(`${options.subject}${message}`);
  const entries = new Map(vetEntries(bytes, limits, options, mode.totalUpFront ?? false).map((entry) => [entry.name, entry]));
  let bytesRead = 0;
  return {
    names: [...entries.keys()],
    read: async (fileName) => {
      const entry = entries.get(fileName);
      if (!entry) throw new Error(`no file ${fileName}`);
      if (bytesRead + entry.declaredSize > limits.maxTotalBytes) throw refuse(` unpacks to more than ${limits.maxTotalBytes} bytes`);
      const unpacked = await inflateEntry(bytes, entry, options);
      bytesRead += unpacked.byteLength;
      return unpacked;
    },
  };
}

/** One entry inflated within its claim, its size and checksum checked. */
async function inflateEntry(bytes: Uint8Array, entry: ZipEntry, options: UnzipOptions): Promise<Uint8Array> {
  const refuse = (message: string) => badRequest(`${options.subject}${message}`);
  const name = JSON.stringify(entry.name.slice(0, 200));
  let data: Uint8Array;
  try {
    data = entryData(bytes, entry);
  } catch {
    throw badRequest(options.unreadable);
  }
  let unpacked: Uint8Array;
  if (entry.method === 0) {
    if (data.byteLength !== entry.declaredSize) throw refuse(`'s file ${name} is stored at a size other than it declares`);
    unpacked = data;
  } else {
    const outcome = await inflateWithin(data, entry.declaredSize);
    if (outcome === 'overflow') throw refuse(`'s file ${name} unpacks to more than the ${entry.declaredSize} bytes it declares`);
    if (outcome === 'damaged') throw refuse(`'s file ${name} is damaged: its data does not inflate`);
    if (outcome.byteLength !== entry.declaredSize) throw refuse(`'s file ${name} unpacks to ${outcome.byteLength} bytes, not the ${entry.declaredSize} it declares`);
    unpacked = outcome;
  }
  if (crc32(unpacked) >>> 0 !== entry.crc) throw refuse(`'s file ${name} is damaged: its checksum does not match`);
  return unpacked;
}

/** The entries to unpack, after every check that needs no inflating. */
function vetEntries(bytes: Uint8Array, limits: UnzipLimits, options: UnzipOptions, countTotal: boolean): ZipEntry[] {
  const refuse = (message: string) => badRequest(`${options.subject}${message}`);
  let directory: ZipEntry[];
  try {
    directory = readCentralDirectory(bytes);
  } catch {
    throw badRequest(options.unreadable);
  }
  const entries: ZipEntry[] = [];
  let declaredTotal = 0;
  for (const entry of directory) {
    const name = JSON.stringify(entry.name.slice(0, 200));
    if (leavesFolder(entry.name)) throw refuse(`'s file ${name} points outside the archive's folder`);
    if (entry.directory || options.skip?.(entry.name)) continue;
    if (entries.length >= limits.maxEntries) throw refuse(` holds more than ${limits.maxEntries} files`);
    if (entry.encrypted) throw refuse(`'s file ${name} is encrypted, which Folio cannot read`);
    if (entry.method !== 0 && entry.method !== 8) throw refuse(`'s file ${name} is compressed with method ${entry.method}, which Folio cannot read (only stored and deflate)`);
    if (entry.declaredSize > limits.maxEntryBytes) throw refuse(`'s file ${name} unpacks to more than ${limits.maxEntryBytes} bytes`);
    declaredTotal += entry.declaredSize;
    if (countTotal && declaredTotal > limits.maxTotalBytes) throw refuse(` unpacks to more than ${limits.maxTotalBytes} bytes`);
    entries.push(entry);
  }
  return entries;
}

function leavesFolder(name: string): boolean {
  return name.startsWith('/') || /^[a-z]:/i.test(name) || name.split('/').includes('..');
}

/** Entries up to this size are inflated at once (a stream per entry costs more than the work). */
const SMALL_ENTRY_BYTES = 1024 * 1024;

/**
 * Inflates raw deflate data into a buffer of the declared size, chunk by chunk: data that would
 * produce more stops at once ('overflow'), so a lying archive costs no more than its claim.
 */
function inflateWithin(compressed: Uint8Array, declaredSize: number): Promise<Uint8Array | 'overflow' | 'damaged'> {
  if (declaredSize <= SMALL_ENTRY_BYTES) {
    try {
      // zlib stops as soon as the output passes maxOutputLength (which must be at least 1).
      return Promise.resolve(new Uint8Array(inflateRawSync(compressed, { maxOutputLength: Math.max(1, declaredSize) })));
    } catch (error) {
      return Promise.resolve((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'overflow' : 'damaged');
    }
  }
  return new Promise((resolve) => {
    const out = new Uint8Array(declaredSize);
    let filled = 0;
    const inflater = createInflateRaw();
    inflater.on('data', (chunk: Buffer) => {
      if (filled + chunk.byteLength > declaredSize) {
        inflater.destroy();
        resolve('overflow');
        return;
      }
      out.set(chunk, filled);
      filled += chunk.byteLength;
    });
    inflater.on('error', () => resolve('damaged'));
    inflater.on('end', () => resolve(out.subarray(0, filled)));
    inflater.end(compressed);
  });
}
