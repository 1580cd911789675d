import type { SiteCustomizationSettings } from '../../../src-shared/schemas/site-customization';
import { fontFacesFor } from '../../fonts/presenter';
import { getCustomFontRow } from '../../store/custom-fonts';
import type { Db } from '../../store/database';
import type { SiteRow } from '../../store/sites';

interface FontDefinition {
  fontFamily: string;
  fontFaces: Array<{ weight: number; sources: Array<{ url: string; format?: string }> }>;
}

/** A CSS string: characters that could end it or the rule are written as escapes. */
function cssString(text: string): string {
  return `"${text.replace(/[\\"\n\r\f<>]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)}"`;
}

/**
 * The definition a customization's font setting names: a font of the organization's (by its id: the font as it is
 * now, so changing the font's files changes every site using it), else the definition the setting carries.
 * A default font (a name such as `Inter`) needs no rule: the site keeps its own stack.
 */
function definitionOf(db: Db, site: SiteRow, setting: unknown): FontDefinition | undefined {
  if (!setting || typeof setting !== 'object') return undefined;
  const given = setting as FontDefinition & { id?: string };
  const stored = given.id ? getCustomFontRow(db, site.organization_id, given.id) : undefined;
  if (stored) return { fontFamily: stored.font_family, fontFaces: fontFacesFor(stored) };
  return Array.isArray(given.fontFaces) && typeof given.fontFamily === 'string' ? given : undefined;
}

function fontFaceRules(definition: FontDefinition): string {
  return definition.fontFaces
    .map((face) => {
      const sources = face.sources
        .filter((source) => /^https?:\/\//i.test(source.url))
        .map((source) => `url(${cssString(source.url)})${source.format ? ` format(${cssString(source.format)})` : ''}`);
      if (!sources.length) return '';
      return `@font-face { font-family: ${cssString(definition.fontFamily)}; font-weight: ${Math.round(face.weight)}; font-display: swap; src: ${sources.join(', ')}; }\n`;
    })
    .join('');
}

/**
 * The @font-face rules and font families of a site space's custom fonts (its text font and its monospace font), for
 * its stylesheet: browsers fetch the files from their addresses (the page's CSP allows https fonts).
 */
export function customFontCss(db: Db, site: SiteRow, settings: SiteCustomizationSettings): string {
  const styling = settings.styling as { font?: unknown; monospaceFont?: unknown };
  const text = definitionOf(db, site, styling.font);
  const code = definitionOf(db, site, styling.monospaceFont);
  let css = '';
  if (text) css += `${fontFaceRules(text)}:root, body { font-family: ${cssString(text.fontFamily)}, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }\n`;
  if (code) css += `${fontFaceRules(code)}.markdown code, .markdown kbd { font-family: ${cssString(code.fontFamily)}, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }\n`;
  return css;
}
