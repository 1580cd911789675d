import { strToU8, zipSync } from 'fflate';
import { contentEntry, zipArchive, type ZipInput } from './zip-bombs';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const PACKAGE_RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';

export const documentXml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}" xmlns:r="${REL}"><w:body>${body}</w:body></w:document>`;
const paragraph = (text: string) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

/** A .docx whose document part is `document` (any entry, a bomb included), with the parts Word needs around it. */
export function docxAround(document: ZipInput, extra: ZipInput[] = []): Uint8Array {
  return zipArchive([contentEntry('[Content_Types].xml', CONTENT_TYPES), contentEntry('_rels/.rels', PACKAGE_RELS), document, ...extra]);
}

/**
 * A real .docx (made by fflate) whose document is `paragraphs` paragraphs of Word XML: what a long
 * document is, and what a tiny file can hold, since repeated XML compresses a thousandfold.
 */
export function docxOfParagraphs(paragraphs: number): Uint8Array {
  const body = paragraph('Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.').repeat(paragraphs);
  return zipSync({
    '[Content_Types].xml': strToU8(CONTENT_TYPES),
    '_rels/.rels': strToU8(PACKAGE_RELS),
    'word/document.xml': strToU8(documentXml(body)),
  });
}

/** A .docx showing each image of `images` (by part name under word/media/) where `uses` names it, in order. */
export function docxWithImages(images: Record<string, Uint8Array>, uses: string[]): Uint8Array {
  const names = Object.keys(images);
  const drawing = (name: string) =>
    `<w:p><w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><wp:docPr id="1" name="${name}" descr="${name}"/><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:blipFill><a:blip r:embed="rId${names.indexOf(name) + 10}"/></pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
  const rels = names.map((name, i) => `<Relationship Id="rId${i + 10}" Type="${REL}/image" Target="media/${name}"/>`).join('');
  return zipSync({
    '[Content_Types].xml': strToU8(CONTENT_TYPES),
    '_rels/.rels': strToU8(PACKAGE_RELS),
    'word/_rels/document.xml.rels': strToU8(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>`),
    'word/document.xml': strToU8(documentXml(paragraph('Pictures') + uses.map(drawing).join(''))),
    ...Object.fromEntries(names.map((name) => [`word/media/${name}`, images[name]!])),
  });
}
