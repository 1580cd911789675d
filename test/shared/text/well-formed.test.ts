import { describe, expect, it } from 'vitest';
import { isWellFormedText, pathOfMalformedText } from '../../../src-shared/text/well-formed';

describe('well-formed text', () => {
  it.each([
    ['a high surrogate alone', 'a\ud800b', false],
    ['a low surrogate alone', '\udc00', false],
    ['a pair reversed', '\udc00\ud800', false],
    ['a whole pair', '😀', true],
    ['plain text', 'héllo', true],
  ])('tells %s', (_what, value, expected) => {
    expect(isWellFormedText(value)).toBe(expected);
  });

  it('names the path of the first malformed string, in keys too', () => {
    expect(pathOfMalformedText({ a: [{ b: 'ok' }, { c: 'x\ud800' }] })).toBe('a.1.c');
    expect(pathOfMalformedText({ ['k\udfff']: 1 })).toBe('k\udfff');
    expect(pathOfMalformedText('\ud800')).toBe('body');
    expect(pathOfMalformedText({ a: ['fine', 2, null] })).toBeUndefined();
  });
});
