import mammoth from 'mammoth';
import { badRequest, type FolioError } from '../errors';
import { DOCX_MAX_PARTS, DOCX_MAX_UNPACKED_BYTES, DOCX_MAX_XML_BYTES } from '../expansion-limits';
import { unzipBounded } from './bounded-unzip';
import { htmlToPage } from './html';
import type { ImportedFile, ImportPlan } from './plan';

const UNREADABLE = 'url: not a .docx document Folio can read';

/**
 * A Word document as one page, converted with mammoth (styles to semantic HTML, then markdown);
 * its embedded images become files of the space.
 *
 * A .docx is a zip, and a tiny one can unpack to gigabytes (a bomb), so mammoth never sees the
 * archive: it is unpacked here within limits (expansion-limits.ts), and mammoth reads the vetted
 * parts through `vettedParts`, which also bounds the XML it parses (its memory is many times that).
 */
export async function importDocx(bytes: Uint8Array, fileName: string): Promise<ImportPlan> {
  const parts = await unzipBounded(
    bytes,
    { maxTotalBytes: DOCX_MAX_UNPACKED_BYTES, maxEntryBytes: DOCX_MAX_UNPACKED_BYTES, maxEntries: DOCX_MAX_PARTS },
    { subject: 'url: the .docx document', unreadable: UNREADABLE },
  );
  const docx = vettedParts(parts);
  const files: ImportedFile[] = [];
  // An image used many times is one file: mammoth hands the same part's bytes each time.
  const fileNames = new Map<Uint8Array, string>();
  let html = '';
  let warnings: string[] = [];
  try {
    const result = await mammoth.convertToHtml(
      // mammoth opens its input with `openZip`, which takes an already opened archive as `file`
      // (not in its type definitions): the vetted parts, so nothing is inflated again.
      { file: docx } as unknown as { buffer: Buffer },
      {
        // Never read files the document points at on disk: an imported document is not trusted.
        externalFileAccess: false,
        convertImage: mammoth.images.imgElement(async (image) => {
          const read: ArrayBuffer | Uint8Array = await image.readAsArrayBuffer();
          const bytes = read instanceof Uint8Array ? read : new Uint8Array(read);
          let name = fileNames.get(bytes);
          if (!name) {
            const contentType = /^[\w.+-]+\/[\w.+-]+$/.test(image.contentType) ? image.contentType : 'application/octet-stream';
            name = `image-${files.length + 1}.${contentType.split('/')[1]!.replace('jpeg', 'jpg')}`;
            fileNames.set(bytes, name);
            files.push({ name, contentType, bytes });
          }
          return { src: `.gitbook/assets/${name}` };
        }),
      },
    );
    html = result.value;
    warnings = result.messages.map((m) => m.message);
  } catch {
    // Reported below when it was a part refused by the limits.
    if (!docx.refusal) throw badRequest(UNREADABLE);
  }
  if (docx.refusal) throw docx.refusal;
  const page = htmlToPage(`<body>${html}</body>`);
  const fallbackTitle = decodeURIComponent(fileName).replace(/\.docx$/i, '').replace(/[-_]+/g, ' ');
  const title = page.title === 'Untitled' ? fallbackTitle || 'Imported document' : page.title;
  return {
    pages: [{ title, markdown: page.markdown, children: [] }],
    files,
    totalResources: 1 + files.length,
    failures: warnings.map((w) => `${fileName}: ${w}`),
  };
}

/**
 * The archive as mammoth reads it (`exists`, `read`): parts read as text are the XML it parses, and
 * together they may not pass DOCX_MAX_XML_BYTES; parts read as bytes (images) are handed as they are.
 * A refusal is kept as well as thrown, because mammoth may turn a failed read into a warning.
 */
function vettedParts(parts: Map<string, Uint8Array>) {
  let xmlBytes = 0;
  const docx = {
    refusal: undefined as FolioError | undefined,
    exists: (name: string) => parts.has(name),
    read: async (name: string, encoding?: string): Promise<Uint8Array | string> => {
      const bytes = parts.get(name);
      if (!bytes) throw new Error(`no part ${name} in the document`);
      if (!encoding) return bytes;
      if (encoding === 'base64') return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
      xmlBytes += bytes.byteLength;
      if (xmlBytes > DOCX_MAX_XML_BYTES) {
        docx.refusal ??= badRequest(`url: the .docx document's XML unpacks to more than ${DOCX_MAX_XML_BYTES} bytes`);
        throw docx.refusal;
      }
      return new TextDecoder(encoding).decode(bytes);
    },
  };
  return docx;
}
