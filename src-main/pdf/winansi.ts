/**
 * The PDF's standard fonts (Helvetica, Courier) are drawn with the WinAnsi encoding: Latin-1 plus a
 * few typographic characters. Anything outside it would come out as wrong glyphs, so text is
 * brought into that set first: a few look-alikes are spelled out, accented letters outside Latin-1
 * lose their accent, pictographs (emoji) are dropped and whatever is left becomes `?`.
 */

/** The characters WinAnsi has beyond Latin-1 (PDF 32000, Annex D). */
const EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

const LOOK_ALIKES: Record<string, string> = {
  '\u2192': '->',
  '\u2190': '<-',
  '\u2194': '<->',
  '\u21D2': '=>',
  '\u21D0': '<=',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2248': '~',
  '\u2212': '-',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '—',
  '\u2032': "'",
  '\u2033': '"',
  '\u2713': 'v',
  '\u2714': 'v',
  '\u2717': 'x',
  '\u2718': 'x',
  '\u2715': 'x',
  '\u2716': 'x',
  '\u25CF': '•',
  '\u25E6': '•',
  '\u2023': '•',
  '\u2043': '-',
  '\u2002': ' ',
  '\u2003': ' ',
  '\u2009': ' ',
  '\u200A': ' ',
  '\u202F': ' ',
  '\u2007': ' ',
  '\u2008': ' ',
  '\u3000': ' ',
};

/** Zero-width characters, variation selectors and joiners: nothing to show. */
const INVISIBLE = /[\u00AD\u200B-\u200D\u2060\uFEFF\u{E0020}-\u{E007F}]|\p{Variation_Selector}/gu;
const PICTOGRAPH = /\p{Extended_Pictographic}|\p{Regional_Indicator}|[\u{1F3FB}-\u{1F3FF}]/u;

function inWinAnsi(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || EXTRA.has(char);
}

/**
 * Text as the standard fonts can draw it. `\n` is kept (a line break); tabs become spaces (four in
 * code, one elsewhere).
 */
export function toWinAnsi(text: string, options: { code?: boolean } = {}): string {
  let out = '';
  for (const char of text.replace(INVISIBLE, '')) {
    if (char === '\n') out += char;
    else if (char === '\t') out += options.code ? '    ' : ' ';
    else if (inWinAnsi(char)) out += char;
    else if (LOOK_ALIKES[char] !== undefined) out += LOOK_ALIKES[char];
    else if (PICTOGRAPH.test(char)) continue;
    else if (char.codePointAt(0)! < 0x20 || (char.codePointAt(0)! >= 0x7f && char.codePointAt(0)! < 0xa0)) continue;
    else out += decomposed(char);
  }
  return out;
}

/** `ő` → `o`, `ﬁ` → `fi`: the base letters when the character decomposes into WinAnsi ones. */
function decomposed(char: string): string {
  const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
  return base && [...base].every(inWinAnsi) ? base : '?';
}
