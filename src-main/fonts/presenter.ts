import { type CustomFontRow, fontFacesOf } from '../store/custom-fonts';

/** The format a font file's address names, when it names one (FontSource's `format` is optional). */
function fontFormatOf(url: string): 'woff2' | 'woff' | undefined {
  const path = url.split(/[?#]/)[0]!.toLowerCase();
  return path.endsWith('.woff2') ? 'woff2' : path.endsWith('.woff') ? 'woff' : undefined;
}

/** GitBook's font faces of a stored font: each weight with its one source. */
export function fontFacesFor(font: CustomFontRow) {
  return fontFacesOf(font).map((face) => {
    const format = fontFormatOf(face.storageKey);
    return { weight: face.weight, sources: [{ url: face.storageKey, ...(format ? { format } : {}) }] };
  });
}

/** GitBook's CustomizationFontDefinition; `permissions.edit` says whether the caller may change it. */
export function presentCustomFont(font: CustomFontRow, canEdit: boolean) {
  return {
    id: font.id,
    custom: true,
    fontFamily: font.font_family,
    fontFaces: fontFacesFor(font),
    permissions: { edit: canEdit },
  };
}
