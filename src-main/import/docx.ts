import mammoth from 'mammoth';
import { badRequest } from '../errors';
import { htmlToPage } from './html';
import type { ImportedFile, ImportPlan } from './plan';

/**
 * A Word document as one page, converted with mammoth (styles to semantic HTML, then markdown);
 * its embedded images become files of the space.
 */
export async function importDocx(bytes: Uint8Array, fileName: string): Promise<ImportPlan> {
  const files: ImportedFile[] = [];
  let html: string;
  let warnings: string[];
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes) },
      {
        // Never read files the document points at on disk: an imported document is not trusted.
        externalFileAccess: false,
        convertImage: mammoth.images.imgElement(async (image) => {
          const extension = image.contentType.split('/')[1]?.replace('jpeg', 'jpg') ?? 'bin';
          const name = `image-${files.length + 1}.${extension}`;
          files.push({ name, contentType: image.contentType, bytes: new Uint8Array(await image.readAsBuffer()) });
          return { src: `.gitbook/assets/${name}` };
        }),
      },
    );
    html = result.value;
    warnings = result.messages.map((m) => m.message);
  } catch {
    throw badRequest('url: not a .docx document Folio can read');
  }
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
