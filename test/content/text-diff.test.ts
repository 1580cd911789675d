import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { applyTextDiff, wordDiff } from '../../src-main/content/text-diff';

function randomText(seed: number, length: number): string {
  const words = ['the', 'cat', 'sat', 'on', 'a', 'mat', 'ünïcode', '😀', '\n', '  ', '.', ',', '#', 'code()', 'x'];
  let state = seed;
  let out = '';
  for (let i = 0; i < length; i += 1) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    out += words[state % words.length] + (state % 3 ? ' ' : '');
  }
  return out;
}

describe('applyTextDiff', () => {
  it('turns any text into any other, as a diff on the existing Y.Text', () => {
    for (let seed = 1; seed < 60; seed += 1) {
      const doc = new Y.Doc();
      const text = doc.getText('t');
      const before = randomText(seed, seed % 20);
      const after = randomText(seed * 7, (seed * 3) % 25);
      text.insert(0, before);
      doc.transact(() => applyTextDiff(text, after));
      expect(text.toString()).toBe(after);
    }
  });

  it('replaces whole words, so concurrent rewrites of one word keep both words', () => {
    expect(wordDiff('The cat sat.', 'The cow sat.')).toEqual([
      [0, 'The '],
      [-1, 'cat'],
      [1, 'cow'],
      [0, ' sat.'],
    ]);
  });

  it('keeps the untouched part of a long text untouched', () => {
    const doc = new Y.Doc();
    const text = doc.getText('t');
    text.insert(0, 'a '.repeat(1000));
    let deleted = 0;
    text.observe((event) => {
      for (const d of event.delta) if (d.delete) deleted += d.delete;
    });
    doc.transact(() => applyTextDiff(text, `${'a '.repeat(500)}b ${'a '.repeat(500)}`));
    expect(deleted).toBe(0);
  });
});
