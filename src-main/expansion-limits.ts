/**
 * How far compressed or encoded input may expand in Folio (decompression bombs, issue 14), in one
 * place so the documented numbers are the enforced ones. Zip imports are bounded by the import's
 * own limits instead (`ImportLimits` in import/source.ts: what the archive unpacks to, its files).
 */

const MiB = 1024 * 1024;

/** Everything a .docx holds (XML, images, other parts) may unpack to at most this much, together. */
export const DOCX_MAX_UNPACKED_BYTES = 50 * MiB;

/** A .docx may hold at most this many parts (a real one holds tens, plus its images). */
export const DOCX_MAX_PARTS = 1_000;

/**
 * The XML of a .docx that is parsed (document, styles, numbering, notes, comments, relationships),
 * together. Parsing takes 50 to 90 times the XML's size in memory (measured with mammoth: 10 MiB of
 * paragraphs peaked near 1 GB), so this, rather than the unpacked size, bounds a .docx import's
 * memory. 8 MiB of Word's XML is a document of several hundred pages of text.
 */
export const DOCX_MAX_XML_BYTES = 8 * MiB;

/**
 * An image whose header claims more pixels than this is not stored (uploads, `insert_files`,
 * import assets): whoever shows it decodes it at 4 bytes a pixel, so 100 megapixels is 400 MB.
 * Vector images (SVG) are drawn at the size shown and are not bounded by their claim.
 */
export const MAX_IMAGE_PIXELS = 100_000_000;

/**
 * The PDF export embeds a PNG or JPEG only up to this many pixels; a larger one prints as its alt
 * text, as a broken image does. The server inflates a PNG's pixels to check them (PDFKit decodes
 * some itself), so this bounds an export's memory per image.
 */
export const PDF_MAX_IMAGE_PIXELS = 40_000_000;
