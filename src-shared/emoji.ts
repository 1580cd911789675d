/**
 * A page's or space's emoji as a character to draw. GitBook's API spells an emoji as its code points in hex
 * (`1f680`, joined ones `1f469-200d-1f4bb`), which is what imports store; the app's emoji field stores the
 * character itself. Both are drawn the same.
 */
const HEX_CODE_POINTS = /^[0-9a-f]{2,6}(?:-[0-9a-f]{2,6})*$/i;

export function emojiGlyph(emoji: string): string {
  if (!HEX_CODE_POINTS.test(emoji)) return emoji;
  const points = emoji.split('-').map((hex) => Number.parseInt(hex, 16));
  return points.every((point) => point <= 0x10ffff) ? String.fromCodePoint(...points) : emoji;
}
