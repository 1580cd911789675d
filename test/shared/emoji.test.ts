import { describe, expect, it } from 'vitest';
import { emojiGlyph } from '../../src-shared/emoji';

describe('emojiGlyph', () => {
  it.each([
    ['a code point in hex, as GitBook spells it', '1f680', '🚀'],
    ['joined code points', '1f469-200d-1f4bb', '👩‍💻'],
    ['the character itself, as the app stores it', '📘', '📘'],
    ['a word that is not hex', 'book', 'book'],
    ['hex past the last code point', 'ffffff', 'ffffff'],
  ])('draws %s', (_what, value, drawn) => {
    expect(emojiGlyph(value)).toBe(drawn);
  });
});
